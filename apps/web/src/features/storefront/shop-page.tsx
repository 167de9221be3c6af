import { CATEGORIES, type ProductDto, type PublicVendorDto } from '@caps/contracts';
import { useQuery } from '@tanstack/react-query';
import { PackageOpen, Search, SearchX, Store } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { HydrateLater } from '@/components/hydrate-later';
import { EmptyState, ErrorPanel } from '@/components/load-states';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { isNotFoundError, parseRecordId, retryUnlessNotFound } from '@/lib/query-errors';
import { JsonLd, NoScriptNotice, PageMeta } from '@/lib/seo';
import { readServerError } from '@/lib/server-errors';
import { useSiteOrigin } from '@/lib/site-context';
import { breadcrumbJsonLd, shopPath, storeJsonLd } from '@/lib/structured-data';
import { useTRPC } from '@/lib/trpc';
import { useHttpStatus } from '@/ssr/http-status';
import { registerPage } from '@/ssr/page-registry';
import { CAP_GRID_SIZES_TWO_UP, CapCard, CapCardSkeleton } from './cap-card';
import { ReviewsSection } from './review-list';
import { ShopPageHeader } from './shop-page-header';
import { VENDOR_GC_MS, VENDOR_STALE_MS } from './vendor-card';

/** The server's largest page: a shop's whole collection in one call. */
const SHOP_PRODUCTS_PER_PAGE = 100;
const ALL = 'all';

/** What a page without its shop yet (loading, failed) says about itself. */
const SHOP_PAGE_DESCRIPTION = 'A verified shop of traditional Nigerian caps on Caps Marketplace.';

/** The shop's head: title, description, canonical link, link preview (its cover or logo) and JSON-LD. */
function ShopMeta({ vendor, shopName }: { vendor: PublicVendorDto; shopName: string }) {
  const origin = useSiteOrigin();
  const path = shopPath(vendor.id);
  const caps = vendor.total_products === 1 ? '1 cap' : `${vendor.total_products} caps`;
  return (
    <>
      <PageMeta
        title={shopName}
        description={`${shopName}: ${caps} from a verified shop on Caps Marketplace. ${vendor.shop_description}`}
        path={path}
        image={vendor.cover_image ?? vendor.profile_image}
        imageAlt={vendor.cover_image ? `${shopName} cover picture` : `${shopName} logo`}
      />
      <JsonLd data={storeJsonLd(vendor, origin)} />
      <JsonLd
        data={breadcrumbJsonLd(
          [
            { name: 'Home', path: '/' },
            { name: 'Shops', path: '/shops' },
            { name: shopName, path },
          ],
          origin,
        )}
      />
    </>
  );
}

/** The shop's categories in the catalogue's order, then any others alphabetically. */
function categoriesOf(products: readonly ProductDto[]): string[] {
  const found = new Set(products.map((product) => product.category || 'Uncategorized'));
  const known = CATEGORIES.filter((category) => found.has(category));
  const others = [...found].filter((category) => !(CATEGORIES as readonly string[]).includes(category)).sort();
  return [...known, ...others];
}

function matches(product: ProductDto, terms: string[]): boolean {
  const text = `${product.name} ${product.description} ${product.category}`.toLowerCase();
  return terms.every((term) => text.includes(term));
}

function CapsCollection({ vendorId }: { vendorId: number }) {
  const trpc = useTRPC();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string>(ALL);
  const products = useQuery(
    trpc.catalogue.list.queryOptions({ vendor_id: vendorId, per_page: SHOP_PRODUCTS_PER_PAGE }),
  );
  const all = products.data?.data ?? [];
  const categories = useMemo(() => categoriesOf(all), [all]);

  const terms = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const shown = all.filter(
    (product) => (category === ALL || (product.category || 'Uncategorized') === category) && matches(product, terms),
  );
  const filtering = terms.length > 0 || category !== ALL;
  const clearFilters = () => {
    setSearch('');
    setCategory(ALL);
  };

  let body: ReactNode;
  if (products.isPending) {
    body = (
      <div
        role="status"
        aria-label="Loading caps"
        className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 xl:grid-cols-4"
      >
        {Array.from({ length: 8 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders.
          <CapCardSkeleton key={index} />
        ))}
      </div>
    );
  } else if (products.isError) {
    body = (
      <ErrorPanel
        title="Failed to load products"
        message={readServerError(products.error, 'An error occurred').message}
        onRetry={() => void products.refetch()}
        retrying={products.isFetching}
      />
    );
  } else if (all.length === 0) {
    body = (
      <EmptyState
        icon={PackageOpen}
        title="No caps yet"
        description="This shop has not listed any caps yet. Please check back soon."
        action={
          <Button asChild variant="outline" className="mt-2">
            <Link to="/browse-caps">Browse All Caps</Link>
          </Button>
        }
      />
    );
  } else if (shown.length === 0) {
    body = (
      <EmptyState
        icon={SearchX}
        title="No caps found"
        description="No caps in this shop match your search. Try another word or category."
        action={
          <Button variant="outline" className="mt-2" onClick={clearFilters}>
            Clear Filters
          </Button>
        }
      />
    );
  } else {
    body = (
      <ul className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 xl:grid-cols-4">
        {shown.map((product) => (
          <li key={product.id}>
            <CapCard product={product} sizes={CAP_GRID_SIZES_TWO_UP} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="caps-collection" className="flex flex-col gap-5">
      <div className="flex flex-col gap-4">
        <div className="relative max-w-xl">
          <label htmlFor={searchId} className="sr-only">
            Search this shop's caps
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search caps in this shop..."
            className="pl-9"
            autoComplete="off"
          />
        </div>
        {categories.length > 0 ? (
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">Filter by category</legend>
            {[ALL, ...categories].map((option) => (
              <Button
                key={option}
                size="sm"
                variant={category === option ? 'default' : 'outline'}
                aria-pressed={category === option}
                onClick={() => setCategory(option)}
                className={cn('rounded-full', category !== option && 'text-secondary-foreground')}
              >
                {option === ALL ? 'All' : option}
              </Button>
            ))}
          </fieldset>
        ) : null}
      </div>

      <h2 id="caps-collection" className="text-2xl font-bold">
        Caps Collection{products.isSuccess ? ` (${shown.length})` : ''}
      </h2>
      <p className="sr-only" aria-live="polite">
        {products.isSuccess && filtering ? `${shown.length} ${shown.length === 1 ? 'cap' : 'caps'} shown` : ''}
      </p>
      {body}
    </section>
  );
}

function ShopPageSkeleton() {
  return (
    <div role="status" aria-label="Loading shop">
      <div aria-hidden="true" className="overflow-hidden rounded-card border border-border bg-card">
        <div className="h-36 animate-pulse bg-muted sm:h-56" />
        <div className="flex flex-col gap-4 px-5 pb-6 sm:px-8">
          <div className="-mt-12 size-24 rounded-full border-4 border-card bg-secondary sm:-mt-14 sm:size-28" />
          <div className="h-9 w-64 max-w-full animate-pulse rounded bg-muted" />
          <div className="h-5 w-40 animate-pulse rounded bg-muted" />
          <div className="h-4 w-full max-w-2xl animate-pulse rounded bg-muted" />
          <div className="h-4 w-2/3 max-w-xl animate-pulse rounded bg-muted" />
          <div className="flex gap-2">
            <div className="h-10 w-28 animate-pulse rounded-lg bg-muted" />
            <div className="h-10 w-32 animate-pulse rounded-lg bg-muted" />
            <div className="h-10 w-36 animate-pulse rounded-lg bg-muted" />
          </div>
        </div>
      </div>
    </div>
  );
}

function ShopNotFound() {
  // A link to a cap or shop that is not there answers 404 from the server, as the page says.
  useHttpStatus(404);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-3 rounded-card border border-dashed border-border bg-card/60 px-6 py-16 text-center">
      <PageMeta
        title="Shop Not Found"
        description="The shop you are looking for does not exist or is no longer open."
        noIndex
      />
      <Store className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-bold">Shop Not Found</h1>
      <p className="max-w-md text-muted-foreground">
        The shop you are looking for does not exist or is no longer open.
      </p>
      <Button asChild className="mt-2">
        <Link to="/shops">Browse Shops</Link>
      </Button>
    </section>
  );
}

/** /shop/{shopId}: a shop's profile, its caps with search and category filters, and its reviews. */
export function ShopPage() {
  const { shopId } = useParams();
  const id = parseRecordId(shopId);
  const trpc = useTRPC();
  const vendor = useQuery({
    ...trpc.vendors.get.queryOptions({ id: id ?? 0 }),
    enabled: id !== null,
    staleTime: VENDOR_STALE_MS,
    gcTime: VENDOR_GC_MS,
    retry: retryUnlessNotFound,
  });

  let content: ReactNode;
  if (id === null || (vendor.isError && isNotFoundError(vendor.error))) {
    content = <ShopNotFound />;
  } else if (vendor.isPending) {
    content = (
      <>
        <PageMeta title="Shop" description={SHOP_PAGE_DESCRIPTION} path={shopPath(id)} />
        <ShopPageSkeleton />
      </>
    );
  } else if (vendor.isError) {
    content = (
      <>
        <PageMeta title="Shop" description={SHOP_PAGE_DESCRIPTION} noIndex />
        <h1 className="sr-only">Shop</h1>
        <ErrorPanel
          title="Failed to load shop"
          message={readServerError(vendor.error, 'An error occurred').message}
          onRetry={() => void vendor.refetch()}
          retrying={vendor.isFetching}
          className="mx-auto max-w-xl"
        />
      </>
    );
  } else {
    const shopName = vendor.data.shop_name || 'Unknown Shop';
    content = (
      <div className="flex flex-col gap-10">
        <ShopMeta vendor={vendor.data} shopName={shopName} />
        <div className="flex flex-col gap-3">
          <ShopPageHeader vendor={vendor.data} />
          <NoScriptNotice>Turn on JavaScript to follow or report this shop.</NoScriptNotice>
        </div>
        <CapsCollection key={vendor.data.id} vendorId={vendor.data.id} />
        <HydrateLater>
          <ReviewsSection
            filter={{ vendor_id: vendor.data.id }}
            title="Shop Reviews"
            emptyTitle="No reviews yet"
            emptyDescription={`Customers who buy from ${shopName} can share their experience here.`}
          />
        </HydrateLater>
      </div>
    );
  }

  return <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">{content}</div>;
}

registerPage('shop-page', ShopPage);
