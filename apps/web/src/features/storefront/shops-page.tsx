import type { PublicVendorDto } from '@caps/contracts';
import { useQuery } from '@tanstack/react-query';
import { Search, SearchX, SlidersHorizontal, Store } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { EmptyState, ErrorPanel } from '@/components/load-states';
import { ShopCard } from '@/components/shop-card';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { LoadingBlock } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { PageMeta } from '@/lib/seo';
import { readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';
import { registerPage } from '@/ssr/page-registry';
import { VENDOR_QUERY_CACHE } from './vendor-query-cache';

const RATING_OPTIONS = [
  { value: 'any', label: 'Any rating', min: 0 },
  { value: '3', label: '3 stars and up', min: 3 },
  { value: '4', label: '4 stars and up', min: 4 },
  { value: '4.5', label: '4.5 stars and up', min: 4.5 },
] as const;
type RatingOption = (typeof RATING_OPTIONS)[number]['value'];

const ALL_LOCATIONS = 'all';
const FILTERS_PANEL_ID = 'shop-filters';

/** The state (or FCT) of an address, its last part: "Shop 14, Monday Market, Maiduguri, Borno State" → "Borno State". */
function locationOf(address: string): string | null {
  const parts = address
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.at(-1) ?? null;
}

function matchesSearch(vendor: PublicVendorDto, term: string): boolean {
  if (!term) return true;
  return vendor.shop_name.toLowerCase().includes(term) || vendor.shop_description.toLowerCase().includes(term);
}

function shopsText(count: number): string {
  return `${count} ${count === 1 ? 'shop' : 'shops'}`;
}

interface ShopFiltersProps {
  minRating: RatingOption;
  onMinRatingChange: (value: RatingOption) => void;
  location: string;
  locations: string[];
  onLocationChange: (value: string) => void;
  activeCount: number;
  onReset: () => void;
}

function ShopFilters(props: ShopFiltersProps) {
  return (
    <fieldset
      id={FILTERS_PANEL_ID}
      className="mt-4 grid gap-4 rounded-card border border-border bg-card p-4 shadow-sm sm:grid-cols-[1fr_1fr_auto] sm:items-end sm:p-5"
    >
      <legend className="sr-only">Shop filters</legend>
      <FormField label="Minimum rating">
        {(control) => (
          <Select
            {...control}
            value={props.minRating}
            onChange={(event) => {
              const option = RATING_OPTIONS.find((rating) => rating.value === event.target.value);
              if (option) props.onMinRatingChange(option.value);
            }}
          >
            {RATING_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label="Location">
        {(control) => (
          <Select {...control} value={props.location} onChange={(event) => props.onLocationChange(event.target.value)}>
            <option value={ALL_LOCATIONS}>All locations</option>
            {props.locations.map((location) => (
              <option key={location} value={location}>
                {location}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <Button variant="ghost" onClick={props.onReset} disabled={props.activeCount === 0}>
        Reset filters
      </Button>
    </fieldset>
  );
}

/** The shop directory (spec 2 "Shop directory"): every verified shop, with search and filters. */
export function ShopsPage() {
  const trpc = useTRPC();
  const shops = useQuery(trpc.vendors.list.queryOptions(undefined, VENDOR_QUERY_CACHE));
  const [searchText, setSearchText] = useState('');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [minRating, setMinRating] = useState<RatingOption>('any');
  const [location, setLocation] = useState<string>(ALL_LOCATIONS);

  const vendors = shops.data;
  const locations = useMemo(() => {
    const found = new Set<string>();
    for (const vendor of vendors ?? []) {
      const place = locationOf(vendor.address);
      if (place) found.add(place);
    }
    return [...found].sort((a, b) => a.localeCompare(b));
  }, [vendors]);

  const minimum = RATING_OPTIONS.find((option) => option.value === minRating)?.min ?? 0;
  const term = searchText.trim().toLowerCase();
  const visible = useMemo(
    () =>
      (vendors ?? []).filter(
        (vendor) =>
          matchesSearch(vendor, term) &&
          vendor.average_rating >= minimum &&
          (location === ALL_LOCATIONS || locationOf(vendor.address) === location),
      ),
    [vendors, term, minimum, location],
  );
  const activeFilters = (minRating === 'any' ? 0 : 1) + (location === ALL_LOCATIONS ? 0 : 1);

  const resetFilters = () => {
    setMinRating('any');
    setLocation(ALL_LOCATIONS);
  };
  const resetAll = () => {
    setSearchText('');
    resetFilters();
  };

  let body: ReactNode;
  if (shops.isPending) {
    body = <LoadingBlock label="Loading shops..." />;
  } else if (shops.isError) {
    body = (
      <ErrorPanel
        title="Failed to load shops"
        message={readServerError(shops.error, '').message}
        onRetry={() => void shops.refetch()}
        retrying={shops.isFetching}
      />
    );
  } else if (shops.data.length === 0) {
    body = <EmptyState icon={Store} title="No shops available" description="Check back soon for new vendors." />;
  } else if (visible.length === 0) {
    body = (
      <EmptyState
        icon={SearchX}
        title="No shops found matching your search."
        action={
          <Button variant="outline" onClick={resetAll}>
            Clear search and filters
          </Button>
        }
      />
    );
  } else {
    body = (
      <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label="Shops">
        {visible.map((vendor) => (
          <li key={vendor.id}>
            <ShopCard vendor={vendor} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <PageMeta
        title="Browse Shops"
        description="Every shop on Caps Marketplace is a verified vendor of traditional Nigerian caps. Find shops by name, rating and location across Nigeria."
        path="/shops"
      />
      <h1 className="text-3xl font-bold sm:text-4xl">Browse Shops</h1>
      <p className="mt-2 text-muted-foreground">Every shop here is a verified vendor of traditional caps.</p>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
        <search aria-label="Shops" className="flex-1">
          <form onSubmit={(event) => event.preventDefault()}>
            <FormField label="Search shops">
              {(control) => (
                <div className="relative">
                  <Search
                    className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                    aria-hidden="true"
                  />
                  <Input
                    {...control}
                    type="search"
                    value={searchText}
                    autoComplete="off"
                    enterKeyHint="search"
                    placeholder="Shop name or description..."
                    className="pl-9"
                    onChange={(event) => setSearchText(event.target.value)}
                  />
                </div>
              )}
            </FormField>
          </form>
        </search>
        <Button
          variant={filtersOpen ? 'secondary' : 'outline'}
          aria-expanded={filtersOpen}
          aria-controls={FILTERS_PANEL_ID}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          <SlidersHorizontal aria-hidden="true" />
          Filters
          {activeFilters > 0 ? (
            <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs text-primary-foreground">
              {activeFilters}
              <span className="sr-only"> active</span>
            </span>
          ) : null}
        </Button>
      </div>

      {filtersOpen ? (
        <ShopFilters
          minRating={minRating}
          onMinRatingChange={setMinRating}
          location={location}
          locations={locations}
          onLocationChange={setLocation}
          activeCount={activeFilters}
          onReset={resetFilters}
        />
      ) : null}

      <p className={cn('mt-6 text-sm text-muted-foreground', !vendors && 'sr-only')} role="status" aria-live="polite">
        {vendors
          ? visible.length === vendors.length
            ? `Showing all ${shopsText(vendors.length)}`
            : `Showing ${visible.length} of ${shopsText(vendors.length)}`
          : ''}
      </p>
      <div className="mt-4">
        <h2 className="sr-only">Shops</h2>
        {body}
      </div>
    </section>
  );
}

registerPage('shops-page', ShopsPage);
