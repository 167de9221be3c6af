import { CATALOGUE_PAGE_SIZE, type PagedProductsDto } from '@caps/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PackageSearch, RefreshCw } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorPanel } from '@/components/load-states';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { JsonLd, PageMeta } from '@/lib/seo';
import { readServerError } from '@/lib/server-errors';
import { useSiteOrigin } from '@/lib/site-context';
import { breadcrumbJsonLd, productListJsonLd } from '@/lib/structured-data';
import { useTRPC } from '@/lib/trpc';
import { registerPage } from '@/ssr/page-registry';
import { CapCard, CapCardSkeleton } from './cap-card';
import { CatalogueFilters } from './catalogue-filters';
import {
  type CatalogueState,
  DEFAULT_CATALOGUE_STATE,
  hasActiveFilters,
  normaliseSearch,
  readCatalogueState,
  writeCatalogueState,
} from './catalogue-params';
import { Pagination } from './pagination';
import { useRefreshCatalogue } from './use-refresh-catalogue';

/** Typing pauses this long before the list follows the search box. */
const SEARCH_DEBOUNCE_MS = 300;

const GRID = 'grid grid-cols-1 gap-5 min-[480px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4';

function capsText(count: number): string {
  return `${count} ${count === 1 ? 'cap' : 'caps'}`;
}

/**
 * The canonical address of a catalogue view. Search, price band, category and page pick which caps are listed
 * and stay (a category or a search is a page worth finding; each page of a list is its own page); the sort only
 * orders the same caps, so it is left out and every order of a list shares one canonical address.
 */
function canonicalPath(state: CatalogueState): string {
  const query = writeCatalogueState(new URLSearchParams(), { ...state, sort: DEFAULT_CATALOGUE_STATE.sort }).toString();
  return `/browse-caps${query ? `?${query}` : ''}`;
}

function BrowseMeta({ state, products }: { state: CatalogueState; products: PagedProductsDto | undefined }) {
  const origin = useSiteOrigin();
  const path = canonicalPath(state);
  const crumbs = [
    { name: 'Home', path: '/' },
    { name: 'Browse Caps', path: '/browse-caps' },
  ];
  if (state.category !== 'all') crumbs.push({ name: state.category, path });
  const what = state.category === 'all' ? 'traditional and modern Nigerian caps' : state.category;
  return (
    <>
      <PageMeta
        title="Browse All Caps"
        description={`Browse ${what} from every verified shop: search by name, style or shop, filter by price and category, and order for delivery across Nigeria.`}
        path={path}
      />
      <JsonLd data={breadcrumbJsonLd(crumbs, origin)} />
      {products && products.data.length > 0 ? (
        <JsonLd data={productListJsonLd(products.data, (products.current_page - 1) * products.per_page + 1, origin)} />
      ) : null}
    </>
  );
}

/**
 * The cap catalogue (spec 2 "Cap catalogue"). Search, sort, price band, category and page live in the
 * query string, so a link, a reload and Back all restore the list; the server filters, sorts and
 * pages the whole catalogue.
 */
export function BrowseCapsPage() {
  const trpc = useTRPC();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => readCatalogueState(searchParams), [searchParams]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const movedByPagination = useRef(false);

  /** A new state in the query string; a new filter starts again at page 1. */
  const update = useCallback(
    (changes: Partial<CatalogueState>, options: { replace?: boolean } = {}) => {
      setSearchParams(
        (previous) => writeCatalogueState(previous, { ...readCatalogueState(previous), page: 1, ...changes }),
        { preventScrollReset: true, replace: options.replace ?? false },
      );
    },
    [setSearchParams],
  );

  // Values the page does not understand (?page=abc, ?category=Hats) are dropped from the address.
  useEffect(() => {
    const canonical = writeCatalogueState(searchParams, state);
    if (canonical.toString() !== searchParams.toString()) {
      setSearchParams(canonical, { replace: true, preventScrollReset: true });
    }
  }, [searchParams, state, setSearchParams]);

  // The search box follows the address (Back, a link) but keeps what is being typed.
  const [searchText, setSearchText] = useState(state.search);
  useEffect(() => {
    setSearchText((typed) => (normaliseSearch(typed) === state.search ? typed : state.search));
  }, [state.search]);
  useEffect(() => {
    const term = normaliseSearch(searchText);
    if (term === state.search) return;
    const timer = window.setTimeout(() => update({ search: term }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchText, state.search, update]);

  const products = useQuery(
    trpc.catalogue.list.queryOptions(
      {
        search: state.search || undefined,
        sort: state.sort,
        price: state.price,
        category: state.category,
        page: state.page,
        per_page: CATALOGUE_PAGE_SIZE,
      },
      { placeholderData: keepPreviousData },
    ),
  );
  const { refresh, refreshing } = useRefreshCatalogue();
  const data = products.data;

  // A page past the end (the list got shorter, or a hand-made link) shows the last page instead.
  useEffect(() => {
    if (!data || products.isPlaceholderData) return;
    if (data.total > 0 && state.page > data.last_page) update({ page: data.last_page }, { replace: true });
  }, [data, products.isPlaceholderData, state.page, update]);

  // A page change brings the view (and the keyboard focus) back to the top of the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes, on purpose.
  useEffect(() => {
    if (!movedByPagination.current) return;
    movedByPagination.current = false;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    headingRef.current?.focus({ preventScroll: true });
  }, [state.page]);

  const clearFilters = () => {
    setSearchText('');
    update({ search: '', price: DEFAULT_CATALOGUE_STATE.price, category: DEFAULT_CATALOGUE_STATE.category, page: 1 });
  };

  const loading = products.isPending || (products.isPlaceholderData && products.isFetching);
  const filtered = hasActiveFilters(state);

  let results: ReactNode;
  if (products.isError) {
    results = (
      <ErrorPanel
        title="Failed to load products"
        message={readServerError(products.error, '').message}
        onRetry={() => void products.refetch()}
        retrying={products.isFetching}
      />
    );
  } else if (loading || !data) {
    results = (
      <div className={GRID}>
        {Array.from({ length: CATALOGUE_PAGE_SIZE }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity.
          <CapCardSkeleton key={index} />
        ))}
      </div>
    );
  } else if (data.data.length === 0) {
    results = (
      <EmptyState
        icon={PackageSearch}
        title="No caps found"
        description={
          filtered ? 'No cap matches your search and filters. Try other words or clear the filters.' : undefined
        }
        action={
          filtered ? (
            <Button variant="outline" onClick={clearFilters}>
              Clear Filters
            </Button>
          ) : null
        }
      />
    );
  } else {
    results = (
      <ul className={GRID} aria-label="Caps">
        {data.data.map((product, index) => (
          <li key={product.id}>
            <CapCard product={product} priority={index === 0} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <BrowseMeta state={state} products={data && !products.isPlaceholderData ? data : undefined} />
      <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold sm:text-4xl">
        Browse All Caps
      </h1>
      <p className="mt-2 text-muted-foreground">Traditional and modern caps from every verified shop, in one place.</p>

      <div className="mt-6">
        <CatalogueFilters
          searchText={searchText}
          onSearchTextChange={setSearchText}
          onSearchSubmit={() => update({ search: normaliseSearch(searchText) })}
          state={state}
          onChange={(changes) => update(changes)}
        />
      </div>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" role="status" aria-live="polite">
          {loading || !data ? (
            'Loading caps...'
          ) : products.isError ? null : (
            <>
              <span className="font-medium text-foreground">
                Showing {data.data.length} of {capsText(data.total)}
              </span>
              <span aria-hidden="true"> · </span>
              <span>
                Page {data.current_page} of {data.last_page}
              </span>
            </>
          )}
        </p>
        <Button variant="outline" size="sm" onClick={() => void refresh()} disabled={refreshing}>
          <RefreshCw className={cn(refreshing && 'animate-spin')} aria-hidden="true" />
          Refresh
        </Button>
      </div>

      <section aria-label="Results" aria-busy={loading || refreshing} className="mt-4">
        <h2 className="sr-only">Results</h2>
        {results}
      </section>

      {data && !products.isError && data.total > 0 ? (
        <Pagination
          className="mt-10"
          page={Math.min(state.page, data.last_page)}
          lastPage={data.last_page}
          linkTo={(page) => ({ search: `?${writeCatalogueState(searchParams, { ...state, page }).toString()}` })}
          onNavigate={(target) => {
            if (target !== state.page) movedByPagination.current = true;
          }}
        />
      ) : null}
    </section>
  );
}

registerPage('browse-caps-page', BrowseCapsPage);
