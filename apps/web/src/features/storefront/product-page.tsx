import { formatNaira, type ProductDto } from '@caps/contracts';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Heart, PackageX, RotateCcw, ShoppingCart, Truck } from 'lucide-react';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { HydrateLater } from '@/components/hydrate-later';
import { ErrorPanel } from '@/components/load-states';
import { QuantityStepper } from '@/components/quantity-stepper';
import { RatingStars } from '@/components/rating-stars';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { isNotFoundError, parseRecordId, retryUnlessNotFound } from '@/lib/query-errors';
import { JsonLd, NoScriptNotice, PageMeta } from '@/lib/seo';
import { readServerError } from '@/lib/server-errors';
import { useSiteOrigin } from '@/lib/site-context';
import { breadcrumbJsonLd, productJsonLd, productPath } from '@/lib/structured-data';
import { useTRPC } from '@/lib/trpc';
import { useHttpStatus } from '@/ssr/http-status';
import { registerPage } from '@/ssr/page-registry';
import { ProductGallery } from './product-gallery';
import { ReviewsSection } from './review-list';
import { ShareButton } from './share-button';
import { SizePicker } from './size-picker';
import { SELECT_SIZE_MESSAGE, useAddToCart, useWishlistToggle } from './use-add-to-cart';
import { VendorCard } from './vendor-card';
import { YouMightAlsoLike } from './you-might-also-like';

/** At or below this stock the badge says how many are left. */
const LOW_STOCK = 5;

/** What a page without its cap yet (loading, failed) says about itself. */
const PRODUCT_PAGE_DESCRIPTION = 'A traditional Nigerian cap from a verified vendor on Caps Marketplace.';

/** The cap's head: title, description with its price in naira, canonical link, link preview and JSON-LD. */
function ProductMeta({ product, name }: { product: ProductDto; name: string }) {
  const origin = useSiteOrigin();
  const shopName = product.vendor.shop_name || 'Unknown Shop';
  const path = productPath(product.id);
  const inStock = product.in_stock && product.stock > 0;
  const description = [
    `${name} for ${formatNaira(product.price)} from ${shopName}, a verified shop on Caps Marketplace.`,
    inStock ? '' : 'Out of stock.',
    product.description,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <PageMeta
        title={name}
        description={description}
        path={path}
        image={product.images.find((image) => image.trim() !== '') ?? null}
        imageAlt={name}
        product={{ price: product.price, inStock }}
      />
      <JsonLd data={productJsonLd(product, origin)} />
      <JsonLd
        data={breadcrumbJsonLd(
          [
            { name: 'Home', path: '/' },
            { name: 'Browse Caps', path: '/browse-caps' },
            { name, path },
          ],
          origin,
        )}
      />
    </>
  );
}

function StockBadge({ stock, inStock }: { stock: number; inStock: boolean }) {
  if (!inStock || stock <= 0) {
    return (
      <span className="inline-flex items-center rounded-full bg-destructive/10 px-3 py-1 text-sm font-semibold text-destructive">
        Out of Stock
      </span>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5 rounded-full bg-accent/10 px-3 py-1 text-sm font-semibold text-accent">
      In Stock
      {stock <= LOW_STOCK ? <span className="font-medium text-warning-foreground">· Only {stock} left</span> : null}
    </span>
  );
}

function DeliveryInfo() {
  return (
    <section aria-label="Delivery and returns" className="rounded-card border border-border bg-card p-5 shadow-sm">
      <ul className="flex flex-col gap-4 text-sm">
        <li className="flex gap-3">
          <Truck className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
          <div>
            <p className="font-semibold">Free Delivery</p>
            <p className="text-muted-foreground">Free delivery within a city in 2-5 business days.</p>
          </div>
        </li>
        <li className="flex gap-3">
          <RotateCcw className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
          <div>
            <p className="font-semibold">Easy Returns</p>
            <p className="text-muted-foreground">
              Returns within 7 days of delivery.{' '}
              <Link to="/returns" className="font-medium text-primary underline-offset-4 hover:underline">
                Returns policy
              </Link>
            </p>
          </div>
        </li>
      </ul>
    </section>
  );
}

function PurchasePanel({ product }: { product: ProductDto }) {
  const sizes = [...new Set(product.sizes.map((size) => size.trim()).filter(Boolean))];
  const outOfStock = !product.in_stock || product.stock <= 0;
  const [size, setSize] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [sizeError, setSizeError] = useState<string | undefined>();
  const firstSizeRef = useRef<HTMLInputElement>(null);
  const { addToCart, isPending } = useAddToCart();
  const wishlist = useWishlistToggle(product);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const outcome = addToCart({ product, size, quantity });
    if (outcome === 'needs-size') {
      setSizeError(SELECT_SIZE_MESSAGE);
      firstSizeRef.current?.focus();
    }
  };

  return (
    <form onSubmit={submit} aria-label="Add to cart" noValidate className="flex flex-col gap-5">
      {sizes.length > 0 ? (
        <SizePicker
          ref={firstSizeRef}
          sizes={sizes}
          value={size}
          onChange={(next) => {
            setSize(next);
            setSizeError(undefined);
          }}
          error={sizeError}
          disabled={outOfStock}
        />
      ) : null}
      <QuantityStepper value={quantity} max={product.stock} onChange={setQuantity} disabled={outOfStock} />
      <div className="flex gap-2">
        <Button type="submit" size="lg" className="flex-1" disabled={outOfStock || isPending}>
          <ShoppingCart aria-hidden="true" />
          {outOfStock ? 'Out of Stock' : 'Add to Cart'}
        </Button>
        <Button
          variant="outline"
          size="icon"
          className="size-11"
          aria-label={wishlist.wishlisted ? 'Remove from wishlist' : 'Add to wishlist'}
          aria-pressed={wishlist.wishlisted}
          title="Wishlist"
          disabled={wishlist.isPending}
          onClick={wishlist.toggle}
        >
          <Heart className={cn('size-5', wishlist.wishlisted && 'fill-primary text-primary')} aria-hidden="true" />
        </Button>
        <div className="[&>button]:size-11">
          <ShareButton title={product.name} text={`${product.name} – ${formatNaira(product.price)}`} />
        </div>
      </div>
      <NoScriptNotice>Turn on JavaScript to add caps to your cart or wishlist, or to share them.</NoScriptNotice>
    </form>
  );
}

function ProductDetails({ product }: { product: ProductDto }) {
  const name = product.name || 'Unknown Product';
  const category = product.category || 'Uncategorized';
  const images = [...new Set(product.images.filter(Boolean))];
  const outOfStock = !product.in_stock || product.stock <= 0;

  return (
    <>
      <ProductMeta product={product} name={name} />
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-muted-foreground">
        <ol className="flex flex-wrap items-center gap-1">
          <li className="flex items-center gap-1">
            <Link to="/" className="rounded-sm hover:text-foreground hover:underline">
              Home
            </Link>
            <ChevronRight className="size-4" aria-hidden="true" />
          </li>
          <li className="flex items-center gap-1">
            <Link to="/browse-caps" className="rounded-sm hover:text-foreground hover:underline">
              Browse Caps
            </Link>
            <ChevronRight className="size-4" aria-hidden="true" />
          </li>
          <li aria-current="page" className="max-w-[16rem] truncate font-medium text-foreground">
            {name}
          </li>
        </ol>
      </nav>

      <div className="grid gap-8 lg:grid-cols-2 lg:gap-12">
        <ProductGallery images={images} name={name} dimmed={outOfStock} />

        <div className="flex flex-col gap-6">
          <div className="flex flex-col gap-3">
            <p>
              <span className="inline-flex rounded-full bg-secondary px-3 py-1 text-xs font-semibold text-secondary-foreground">
                <span className="sr-only">Category: </span>
                {category}
              </span>
            </p>
            <h1 className="text-3xl leading-tight font-bold sm:text-4xl">{name}</h1>
            {product.total_reviews > 0 ? (
              <RatingStars rating={product.rating} reviewCount={product.total_reviews} size="md" />
            ) : (
              <p className="text-sm text-muted-foreground">No reviews yet</p>
            )}
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-3xl font-bold text-primary">
                <span className="sr-only">Price: </span>
                {formatNaira(product.price)}
              </p>
              <StockBadge stock={product.stock} inStock={product.in_stock} />
            </div>
          </div>

          {product.description ? (
            <p className="leading-relaxed whitespace-pre-line text-secondary-foreground">{product.description}</p>
          ) : null}

          <PurchasePanel product={product} />
          <VendorCard product={product} />
          <DeliveryInfo />
        </div>
      </div>

      <div className="mt-12 flex flex-col gap-12">
        <HydrateLater>
          <ReviewsSection
            filter={{ product_id: product.id }}
            title="Customer Reviews"
            emptyTitle="No reviews yet"
            emptyDescription="Customers who buy this cap can share what they think of it here."
          />
        </HydrateLater>
        <HydrateLater>
          <YouMightAlsoLike product={product} />
        </HydrateLater>
      </div>
    </>
  );
}

function ProductPageSkeleton() {
  return (
    <div role="status" aria-label="Loading product">
      <div aria-hidden="true">
        <div className="mb-6 h-4 w-56 animate-pulse rounded bg-muted" />
        <div className="grid gap-8 lg:grid-cols-2 lg:gap-12">
          <div className="flex flex-col gap-3">
            <div className="aspect-square animate-pulse rounded-card bg-muted" />
            <div className="flex gap-2">
              <div className="size-16 animate-pulse rounded-lg bg-muted sm:size-20" />
              <div className="size-16 animate-pulse rounded-lg bg-muted sm:size-20" />
              <div className="size-16 animate-pulse rounded-lg bg-muted sm:size-20" />
            </div>
          </div>
          <div className="flex flex-col gap-4">
            <div className="h-6 w-28 animate-pulse rounded-full bg-muted" />
            <div className="h-10 w-4/5 animate-pulse rounded bg-muted" />
            <div className="h-5 w-40 animate-pulse rounded bg-muted" />
            <div className="h-9 w-36 animate-pulse rounded bg-muted" />
            <div className="h-4 w-full animate-pulse rounded bg-muted" />
            <div className="h-4 w-full animate-pulse rounded bg-muted" />
            <div className="h-4 w-2/3 animate-pulse rounded bg-muted" />
            <div className="mt-2 flex gap-2">
              <div className="h-10 w-14 animate-pulse rounded-lg bg-muted" />
              <div className="h-10 w-14 animate-pulse rounded-lg bg-muted" />
              <div className="h-10 w-14 animate-pulse rounded-lg bg-muted" />
            </div>
            <div className="h-11 w-full animate-pulse rounded-lg bg-muted" />
            <div className="h-36 w-full animate-pulse rounded-card bg-muted" />
          </div>
        </div>
      </div>
    </div>
  );
}

function ProductNotFound() {
  // A link to a cap or shop that is not there answers 404 from the server, as the page says.
  useHttpStatus(404);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-3 rounded-card border border-dashed border-border bg-card/60 px-6 py-16 text-center">
      <PageMeta
        title="Product Not Found"
        description="The cap you are looking for does not exist or is no longer available."
        noIndex
      />
      <PackageX className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-bold">Product Not Found</h1>
      <p className="max-w-md text-muted-foreground">
        The cap you are looking for does not exist or is no longer available.
      </p>
      <Button asChild className="mt-2">
        <Link to="/browse-caps">Browse Caps</Link>
      </Button>
    </section>
  );
}

/** /product/{productId}: one cap with everything needed to choose and buy it. */
export function ProductPage() {
  const { productId } = useParams();
  const id = parseRecordId(productId);
  const trpc = useTRPC();
  const product = useQuery({
    ...trpc.catalogue.get.queryOptions({ id: id ?? 0 }),
    enabled: id !== null,
    retry: retryUnlessNotFound,
  });

  let content: ReactNode;
  if (id === null || (product.isError && isNotFoundError(product.error))) {
    content = <ProductNotFound />;
  } else if (product.isPending) {
    content = (
      <>
        <PageMeta title="Product Details" description={PRODUCT_PAGE_DESCRIPTION} path={productPath(id)} />
        <ProductPageSkeleton />
      </>
    );
  } else if (product.isError) {
    content = (
      <>
        <PageMeta title="Product Details" description={PRODUCT_PAGE_DESCRIPTION} noIndex />
        <h1 className="sr-only">Product Details</h1>
        <ErrorPanel
          title="Failed to load product"
          message={readServerError(product.error, 'An error occurred').message}
          onRetry={() => void product.refetch()}
          retrying={product.isFetching}
          className="mx-auto max-w-xl"
        />
      </>
    );
  } else {
    content = <ProductDetails key={product.data.id} product={product.data} />;
  }

  return <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">{content}</div>;
}

registerPage('product-page', ProductPage);
