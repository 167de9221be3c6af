import { formatNaira, type WishlistEntryDto } from '@caps/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Heart, Trash2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorPanel } from '@/components/load-states';
import { ProductImage } from '@/components/product-image';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';
import { CART_TOASTS, retryUnlessDenied, useInvalidateWishlist, useIsCustomer } from '@/lib/use-cart';

/** The signed-in customer's wishlist: for the account settings page (no props). */
export function WishlistTab() {
  const trpc = useTRPC();
  const isCustomer = useIsCustomer();
  const wishlist = useQuery({ ...trpc.wishlist.list.queryOptions(), enabled: isCustomer, retry: retryUnlessDenied });

  if (!isCustomer) {
    return (
      <EmptyState
        icon={Heart}
        title="No wishlist for this account"
        description="Only customer accounts can save caps to a wishlist."
      />
    );
  }
  if (wishlist.isPending) {
    return (
      <ul aria-busy="true" aria-label="Loading your wishlist" className="flex flex-col gap-3">
        {[0, 1, 2].map((index) => (
          <li key={index} className="flex gap-3 rounded-card border border-border bg-card p-3">
            <div className="size-20 shrink-0 animate-pulse rounded-lg bg-muted" />
            <div className="flex flex-1 flex-col gap-2">
              <div className="h-4 w-2/3 animate-pulse rounded bg-muted" />
              <div className="h-4 w-1/3 animate-pulse rounded bg-muted" />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  if (wishlist.isError) {
    return (
      <ErrorPanel
        title="Failed to load your wishlist"
        message={readServerError(wishlist.error, 'An error occurred').message}
        onRetry={() => void wishlist.refetch()}
        retrying={wishlist.isFetching}
      />
    );
  }
  if (wishlist.data.length === 0) {
    return (
      <EmptyState
        icon={Heart}
        title="Your wishlist is empty"
        description="Tap the heart on a cap's page to save it here for later."
        action={
          <Button asChild>
            <Link to="/browse-caps">Browse Caps</Link>
          </Button>
        }
      />
    );
  }
  return (
    <ul aria-label="Your wishlist" className="flex flex-col gap-3">
      {wishlist.data.map((entry) => (
        <WishlistRow key={entry.id} entry={entry} />
      ))}
    </ul>
  );
}

function WishlistRow({ entry }: { entry: WishlistEntryDto }) {
  const trpc = useTRPC();
  const invalidateWishlist = useInvalidateWishlist();
  const remove = useMutation(trpc.wishlist.remove.mutationOptions());
  const { product } = entry;
  const name = product.name || 'Unknown Product';
  const inStock = entry.available && product.in_stock && product.stock > 0;
  const stockText = !entry.available ? 'No longer available' : inStock ? 'In stock' : 'Out of stock';

  const onRemove = () =>
    remove.mutate(
      { product_id: entry.product_id },
      {
        onSuccess: () => toast.success(CART_TOASTS.wishlistRemoved, { description: `${name} has been removed` }),
        onError: (error) =>
          toast.error(CART_TOASTS.wishlistFailed, {
            description: readServerError(error, CART_TOASTS.tryAgain).message,
          }),
        onSettled: () => invalidateWishlist(),
      },
    );

  return (
    <li className="flex flex-col gap-3 rounded-card border border-border bg-card p-3 min-[480px]:flex-row min-[480px]:items-center">
      <div className="flex min-w-0 flex-1 gap-3">
        <div className="size-20 shrink-0 overflow-hidden rounded-lg bg-muted">
          <ProductImage src={product.images[0]} alt={name} thumbnail />
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <p className="truncate font-semibold">{name}</p>
          <p className="text-sm text-muted-foreground">{product.vendor.shop_name}</p>
          <p className="font-semibold">{formatNaira(product.price)}</p>
          <p className={inStock ? 'text-sm font-medium text-accent' : 'text-sm text-destructive'}>{stockText}</p>
        </div>
      </div>
      <div className="flex gap-2 self-end min-[480px]:self-center">
        {entry.available ? (
          <Button asChild variant="outline" size="sm">
            <Link to={`/product/${entry.product_id}`} aria-label={`View ${name}`}>
              View
            </Link>
          </Button>
        ) : null}
        <Button
          variant="outline"
          size="sm"
          onClick={onRemove}
          disabled={remove.isPending}
          aria-label={`Remove ${name} from wishlist`}
        >
          <Trash2 aria-hidden="true" />
          Remove
        </Button>
      </div>
    </li>
  );
}
