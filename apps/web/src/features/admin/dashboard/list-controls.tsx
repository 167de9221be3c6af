import type { UseQueryResult } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, type LucideIcon, Search } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { DashboardSection } from '@/components/dashboard-section';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** Typing pauses this long before the list is asked for again. */
const SEARCH_DEBOUNCE_MS = 300;

export interface ListControls {
  /** What the search box shows. */
  search: string;
  setSearch: (value: string) => void;
  page: number;
  setPage: (page: number) => void;
  /** The query the server gets: the settled search (case-insensitive on the server) and the page. */
  input: { search?: string; page: number };
}

/**
 * Search and page of an admin list. The server searches the whole table (not only the page shown); a new
 * search starts again from page 1.
 */
export function useListControls(): ListControls {
  const [search, setSearchText] = useState('');
  const [settled, setSettled] = useState('');
  const [page, setPage] = useState(1);

  useEffect(() => {
    const next = search.trim();
    if (next === settled) return;
    const timer = window.setTimeout(() => {
      setSettled(next);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search, settled]);

  return {
    search,
    setSearch: setSearchText,
    page,
    setPage,
    input: settled ? { search: settled, page } : { page },
  };
}

interface SearchFieldProps {
  /** The visible label, e.g. 'Search products'. */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search box above an admin list, with a real label. */
export function SearchField({ label, placeholder, value, onChange }: SearchFieldProps) {
  const id = useId();
  return (
    <div className="flex w-full flex-col gap-2 sm:max-w-sm">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={id}
          type="search"
          value={value}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
          className="pl-9"
        />
      </div>
    </div>
  );
}

/** Previous and Next under a list that has more than one page. */
export function ListPager({
  page,
  lastPage,
  onPage,
}: {
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
}) {
  if (lastPage <= 1) return null;
  return (
    <nav aria-label="Pagination" className="flex items-center justify-center gap-3">
      <Button variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Page {page} of {lastPage}
      </p>
      <Button variant="outline" disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}

/** One page of an admin list, as the server sends it. */
interface Paged<TItem> {
  data: TItem[];
  current_page: number;
  last_page: number;
  total: number;
}

interface SearchableListProps<TItem> {
  /** The tab's heading; the number of matching rows is added to it, e.g. 'Products (42)'. */
  title: string;
  description: string;
  search: { label: string; placeholder: string };
  controls: ListControls;
  query: UseQueryResult<Paged<TItem>, unknown>;
  loading: string;
  failed: string;
  empty: { icon: LucideIcon; title: string };
  /** The rows of the page shown (a table or cards). */
  children: (items: TItem[]) => ReactNode;
  /** Dialogs the rows open. */
  dialogs?: ReactNode;
}

/** An admin tab that lists a table page by page: heading with count, search box, the states, the rows, paging. */
export function SearchableList<TItem>({
  title,
  description,
  search,
  controls,
  query,
  loading,
  failed,
  empty,
  children,
  dialogs,
}: SearchableListProps<TItem>) {
  const total = query.data?.total;
  return (
    <DashboardSection title={total === undefined ? title : `${title} (${total})`} description={description}>
      <SearchField
        label={search.label}
        placeholder={search.placeholder}
        value={controls.search}
        onChange={controls.setSearch}
      />
      <QueryView
        query={query}
        loading={loading}
        failed={failed}
        empty={{ ...empty, when: (page) => page.data.length === 0 }}
      >
        {(page) => (
          <>
            {children(page.data)}
            <ListPager page={page.current_page} lastPage={page.last_page} onPage={controls.setPage} />
          </>
        )}
      </QueryView>
      {dialogs}
    </DashboardSection>
  );
}
