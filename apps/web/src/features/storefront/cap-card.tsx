import { CARD_SIZES_SHOWN, formatNaira, type ProductDto } from '@caps/contracts';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { ProductImage } from '@/components/product-image';
import { Button } from '@/components/ui/button';

/** The sizes a card lists (spec 9: the first 3) and how many more there are. */
function sizesShown(sizes: readonly string[]): { shown: string[]; more: number } {
  const clean = [...new Set(sizes.map((size) => size.trim()).filter(Boolean))];
  return { shown: clean.slice(0, CARD_SIZES_SHOWN), more: Math.max(0, clean.length - CARD_SIZES_SHOWN) };
}

/**
 * How wide a card's picture is shown (its `sizes`) in the grids of the home and browse pages: one column
 * on phones (the page's width less its 16 px margins), two from 480 px, four from 1024 px (the browse
 * page's three at 768 px get a little more than they need), at most a quarter of the 1280 px page.
 * On a 412 px phone at 1.75 device pixels: 380 px, so the 800 px size.
 */
export const CAP_GRID_SIZES =
  '(min-width: 1280px) 293px, (min-width: 1024px) calc((100vw - 108px) / 4), (min-width: 480px) calc((100vw - 52px) / 2), calc(100vw - 32px)';

/**
 * The same for the grids with two columns on phones (a shop's caps, You Might Also Like), three or four
 * on wider screens. On a 412 px phone at 1.75 device pixels: 184 px, so the 400 px thumbnail.
 */
export const CAP_GRID_SIZES_TWO_UP =
  '(min-width: 1280px) 293px, (min-width: 768px) calc((100vw - 88px) / 3), calc((100vw - 44px) / 2)';

interface CapCardProps {
  product: ProductDto;
  /** How wide the picture is shown in this grid: CAP_GRID_SIZES (the default) or CAP_GRID_SIZES_TWO_UP. */
  sizes?: string;
  /**
   * The page's LCP candidate (the first card a phone shows without scrolling): its picture loads at once
   * at high priority. The others load lazily, as they come near the screen.
   */
  priority?: boolean;
}

/**
 * One cap in a grid (spec 2 "Cap card"): picture, name, description, price, category, shop, sizes
 * and View Details, which is disabled while the cap is out of stock.
 */
export function CapCard({ product, sizes = CAP_GRID_SIZES, priority = false }: CapCardProps) {
  const titleId = useId();
  const outOfStock = !product.in_stock || product.stock <= 0;
  const { shown, more } = sizesShown(product.sizes);
  const name = product.name || 'Unknown Product';
  const shopName = product.vendor.shop_name || 'Unknown Shop';
  const category = product.category || 'Uncategorized';

  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-card border border-border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-muted min-[480px]:aspect-square">
        <ProductImage
          src={product.images[0]}
          alt={name}
          thumbnail
          sizes={sizes}
          width={400}
          height={400}
          priority={priority}
          className={outOfStock ? 'grayscale' : undefined}
        />
        <span className="absolute top-2 left-2 max-w-[calc(100%-1rem)] truncate rounded-full bg-card/95 px-2.5 py-1 text-xs font-semibold text-secondary-foreground shadow-sm">
          {category}
        </span>
        {outOfStock ? (
          <div className="absolute inset-0 flex items-center justify-center bg-foreground/55">
            <span className="rounded-full bg-card px-3 py-1.5 text-sm font-bold text-destructive shadow">
              Out of Stock
            </span>
          </div>
        ) : null}
      </div>

      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 id={titleId} className="line-clamp-2 font-sans text-base leading-snug font-semibold">
          {name}
        </h3>
        <p className="text-sm text-muted-foreground">
          by{' '}
          <Link
            to={`/shop/${product.vendor_id}`}
            className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {shopName}
          </Link>
        </p>
        {product.description ? (
          <p className="line-clamp-2 text-sm text-muted-foreground">{product.description}</p>
        ) : null}

        {shown.length > 0 ? (
          <ul aria-label="Sizes" className="flex flex-wrap gap-1.5">
            {shown.map((size) => (
              <li key={size} className="rounded-md border border-border px-2 py-0.5 text-xs text-secondary-foreground">
                {size}
              </li>
            ))}
            {more > 0 ? <li className="px-1 py-0.5 text-xs text-muted-foreground">+{more} more</li> : null}
          </ul>
        ) : null}

        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-2 pt-2">
          <p className="text-lg font-bold text-foreground">{formatNaira(product.price)}</p>
          {outOfStock ? (
            <Button size="sm" disabled>
              View Details
            </Button>
          ) : (
            <Button asChild size="sm">
              <Link to={`/product/${product.id}`}>
                View Details<span className="sr-only"> of {name}</span>
              </Link>
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}

/** The shape of a card while the list loads; the list around it says that it is loading. */
export function CapCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex h-full flex-col overflow-hidden rounded-card border border-border bg-card shadow-sm"
    >
      <div className="aspect-[4/3] animate-pulse bg-muted min-[480px]:aspect-square" />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="h-4 w-3/4 animate-pulse rounded bg-muted" />
        <div className="h-3 w-1/2 animate-pulse rounded bg-muted" />
        <div className="h-3 w-full animate-pulse rounded bg-muted" />
        <div className="flex gap-1.5">
          <div className="h-5 w-10 animate-pulse rounded bg-muted" />
          <div className="h-5 w-10 animate-pulse rounded bg-muted" />
        </div>
        <div className="mt-auto flex items-center justify-between pt-2">
          <div className="h-6 w-20 animate-pulse rounded bg-muted" />
          <div className="h-9 w-28 animate-pulse rounded-lg bg-muted" />
        </div>
      </div>
    </div>
  );
}
