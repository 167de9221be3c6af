import {
  CATEGORIES,
  type Category,
  formatNaira,
  PRICE_BANDS,
  PRODUCT_SORTS,
  type PriceBand,
  type ProductSort,
} from '@caps/contracts';

/** What the catalogue shows; all of it lives in the query string (spec 2 "Cap catalogue"). */
export interface CatalogueState {
  search: string;
  sort: ProductSort;
  price: PriceBand;
  category: Category | 'all';
  page: number;
}

export const DEFAULT_CATALOGUE_STATE: CatalogueState = {
  search: '',
  sort: 'newest',
  price: 'all',
  category: 'all',
  page: 1,
};

/** The server refuses longer searches and later pages. */
const MAX_SEARCH_LENGTH = 200;
const MAX_PAGE = 100_000;

const CATALOGUE_KEYS = ['search', 'sort', 'price', 'category', 'page'] as const;

export const SORT_LABELS: Record<ProductSort, string> = {
  newest: 'Newest First',
  'price-low': 'Price: Low to High',
  'price-high': 'Price: High to Low',
  rating: 'Highest Rated',
  name: 'Name: A to Z',
};

export const PRICE_LABELS: Record<PriceBand, string> = {
  all: 'All Prices',
  'under-20000': `Under ${formatNaira(20_000)}`,
  '20000-50000': `${formatNaira(20_000)} - ${formatNaira(50_000)}`,
  'over-50000': `Over ${formatNaira(50_000)}`,
};

function oneOf<T extends string>(values: readonly T[], raw: string | null): T | undefined {
  if (raw === null) return undefined;
  const wanted = raw.trim().toLowerCase();
  return values.find((value) => value.toLowerCase() === wanted);
}

export function normaliseSearch(raw: string): string {
  return raw.trim().slice(0, MAX_SEARCH_LENGTH);
}

/** Reads the state from a query string; anything missing or not understood is the default. */
export function readCatalogueState(params: URLSearchParams): CatalogueState {
  const rawPage = params.get('page')?.trim() ?? '';
  const page = /^\d{1,6}$/.test(rawPage) ? Number(rawPage) : 1;
  return {
    search: normaliseSearch(params.get('search') ?? ''),
    sort: oneOf(PRODUCT_SORTS, params.get('sort')) ?? DEFAULT_CATALOGUE_STATE.sort,
    price: oneOf(PRICE_BANDS, params.get('price')) ?? DEFAULT_CATALOGUE_STATE.price,
    category: oneOf(CATEGORIES, params.get('category')) ?? DEFAULT_CATALOGUE_STATE.category,
    page: page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/**
 * The query string for a state: defaults are left out (spec 2), parameters of others are kept, and
 * the catalogue's own come last in a fixed order so equal states give equal strings.
 */
export function writeCatalogueState(base: URLSearchParams, state: CatalogueState): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const key of CATALOGUE_KEYS) next.delete(key);
  const search = normaliseSearch(state.search);
  if (search) next.set('search', search);
  if (state.sort !== DEFAULT_CATALOGUE_STATE.sort) next.set('sort', state.sort);
  if (state.price !== DEFAULT_CATALOGUE_STATE.price) next.set('price', state.price);
  if (state.category !== DEFAULT_CATALOGUE_STATE.category) next.set('category', state.category);
  if (state.page > 1) next.set('page', String(state.page));
  return next;
}

/** Whether search, price or category narrow the list (sort only orders it). */
export function hasActiveFilters(state: CatalogueState): boolean {
  return (
    state.search !== DEFAULT_CATALOGUE_STATE.search ||
    state.price !== DEFAULT_CATALOGUE_STATE.price ||
    state.category !== DEFAULT_CATALOGUE_STATE.category
  );
}

/**
 * The page numbers to link (spec 9: at most 5), a window that slides so the current page sits in
 * the middle where it can.
 */
export function pageWindow(current: number, last: number, size: number): number[] {
  const total = Math.max(1, last);
  const count = Math.min(size, total);
  const start = Math.min(Math.max(1, current - Math.floor(count / 2)), total - count + 1);
  return Array.from({ length: count }, (_, index) => start + index);
}
