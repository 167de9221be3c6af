import type { UseQueryResult } from '@tanstack/react-query';
import { type LucideIcon, Search } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { DashboardSection } from '@/components/dashboard-section';
import { ListPager } from '@/components/list-pager';
import { QueryView } from '@/components/query-view';
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
  /** More ways to narrow the list (a status select), beside the search box. */
  filters?: ReactNode;
  /** A line above the list that explains what it shows. */
  notice?: ReactNode;
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
  filters,
  notice,
}: SearchableListProps<TItem>) {
  const total = query.data?.total;
  return (
    <DashboardSection title={total === undefined ? title : `${title} (${total})`} description={description}>
      {notice}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <SearchField
          label={search.label}
          placeholder={search.placeholder}
          value={controls.search}
          onChange={controls.setSearch}
        />
        {filters}
      </div>
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
