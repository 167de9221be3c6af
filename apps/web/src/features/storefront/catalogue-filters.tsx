import {
  CATEGORIES,
  type Category,
  PRICE_BANDS,
  PRODUCT_SORTS,
  type PriceBand,
  type ProductSort,
} from '@caps/contracts';
import { Search } from 'lucide-react';
import { CategoryOptions } from '@/components/category-options';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { type CatalogueState, PRICE_LABELS, SORT_LABELS } from './catalogue-params';

interface CatalogueFiltersProps {
  /** What is typed in the search box (the list follows it after a short pause). */
  searchText: string;
  onSearchTextChange: (text: string) => void;
  /** Enter in the search box: search now, without waiting. */
  onSearchSubmit: () => void;
  state: CatalogueState;
  onChange: (changes: Partial<Pick<CatalogueState, 'sort' | 'price' | 'category'>>) => void;
}

function isSort(value: string): value is ProductSort {
  return (PRODUCT_SORTS as readonly string[]).includes(value);
}
function isPriceBand(value: string): value is PriceBand {
  return (PRICE_BANDS as readonly string[]).includes(value);
}
function isCategory(value: string): value is Category | 'all' {
  return value === 'all' || (CATEGORIES as readonly string[]).includes(value);
}

/**
 * Search, sort, price range and category of the cap catalogue. It is one GET form on /browse-caps whose field
 * names are the query-string parameters the page reads, so without JavaScript (a server-rendered page before or
 * without the app) Enter or "Apply filters" loads the filtered list; with the app, the page follows every change
 * at once and the form is never sent.
 */
export function CatalogueFilters({
  searchText,
  onSearchTextChange,
  onSearchSubmit,
  state,
  onChange,
}: CatalogueFiltersProps) {
  return (
    <search aria-label="Caps">
      <form
        method="get"
        action="/browse-caps"
        onSubmit={(event) => {
          event.preventDefault();
          onSearchSubmit();
        }}
        className="grid gap-4 rounded-card border border-border bg-card p-4 shadow-sm sm:grid-cols-3 sm:p-5 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]"
      >
        <FormField label="Search caps" className="sm:col-span-3 lg:col-span-1">
          {(control) => (
            <div className="relative">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                {...control}
                type="search"
                name="search"
                value={searchText}
                maxLength={200}
                autoComplete="off"
                enterKeyHint="search"
                placeholder="Name, style, shop..."
                className="pl-9"
                onChange={(event) => onSearchTextChange(event.target.value)}
              />
            </div>
          )}
        </FormField>
        <FormField label="Sort by">
          {(control) => (
            <Select
              {...control}
              name="sort"
              value={state.sort}
              onChange={(event) => {
                if (isSort(event.target.value)) onChange({ sort: event.target.value });
              }}
            >
              {PRODUCT_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Price range">
          {(control) => (
            <Select
              {...control}
              name="price"
              value={state.price}
              onChange={(event) => {
                if (isPriceBand(event.target.value)) onChange({ price: event.target.value });
              }}
            >
              {PRICE_BANDS.map((band) => (
                <option key={band} value={band}>
                  {PRICE_LABELS[band]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Category">
          {(control) => (
            <Select
              {...control}
              name="category"
              value={state.category}
              onChange={(event) => {
                if (isCategory(event.target.value)) onChange({ category: event.target.value });
              }}
            >
              <option value="all">All Categories</option>
              <CategoryOptions />
            </Select>
          )}
        </FormField>
        {/* Without JavaScript a changed list needs sending; with it the list follows each change, so no button. */}
        <noscript className="sm:col-span-3 lg:col-span-4">
          <Button type="submit" variant="outline">
            Apply filters
          </Button>
        </noscript>
      </form>
    </search>
  );
}
