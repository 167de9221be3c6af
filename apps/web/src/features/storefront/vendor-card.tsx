import type { ProductDto } from '@caps/contracts';
import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, MapPin, Store } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ResponsiveImage } from '@/components/product-image';
import { RatingStars } from '@/components/rating-stars';
import { Button } from '@/components/ui/button';
import { retryUnlessNotFound } from '@/lib/query-errors';
import { useTRPC } from '@/lib/trpc';

/** Spec 9: vendor data is fresh for 1 minute and kept 5 minutes. */
export const VENDOR_STALE_MS = 60_000;
export const VENDOR_GC_MS = 5 * 60_000;

function VendorAvatar({ name, image }: { name: string; image: string | null | undefined }) {
  const letter = (
    <span
      aria-hidden="true"
      className="flex size-14 shrink-0 items-center justify-center rounded-full bg-primary font-display text-2xl font-bold text-primary-foreground"
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
  if (!image) return letter;
  return (
    <ResponsiveImage
      src={image}
      alt=""
      sizes="56px"
      first="thumb"
      width={56}
      height={56}
      className="size-14 shrink-0 rounded-full border border-border object-cover"
      fallback={letter}
    />
  );
}

/**
 * The shop that sells the cap, with Visit Shop. The name comes with the product; rating, address
 * and verification are added when the shop's details arrive (and simply left out if they fail).
 */
export function VendorCard({ product }: { product: ProductDto }) {
  const trpc = useTRPC();
  const vendorId = product.vendor.id || product.vendor_id;
  const vendor = useQuery({
    ...trpc.vendors.get.queryOptions({ id: vendorId }),
    staleTime: VENDOR_STALE_MS,
    gcTime: VENDOR_GC_MS,
    retry: retryUnlessNotFound,
  });
  const details = vendor.data;
  const shopName = details?.shop_name || product.vendor.shop_name || 'Unknown Shop';
  const verified = Boolean(details?.verified_at) || details?.is_verified === 1;

  return (
    <section aria-labelledby="vendor-card-title" className="rounded-card border border-border bg-card p-5 shadow-sm">
      <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        <Store className="size-3.5" aria-hidden="true" />
        Sold by
      </p>
      <div className="mt-3 flex items-center gap-3">
        <VendorAvatar name={shopName} image={details?.profile_image} />
        <div className="min-w-0 flex-1">
          <h2 id="vendor-card-title" className="flex flex-wrap items-center gap-2 font-sans text-lg font-bold">
            <span className="min-w-0 break-words">{shopName}</span>
            {verified ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-foreground">
                <BadgeCheck className="size-3.5" aria-hidden="true" />
                Verified
              </span>
            ) : null}
          </h2>
          {details ? (
            <RatingStars rating={details.average_rating} reviewCount={details.total_reviews} className="mt-1" />
          ) : vendor.isPending ? (
            <div aria-hidden="true" className="mt-2 h-4 w-32 animate-pulse rounded bg-muted" />
          ) : null}
        </div>
      </div>
      {details?.address ? (
        <p className="mt-3 flex items-start gap-1.5 text-sm text-muted-foreground">
          <MapPin className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <span className="sr-only">Address: </span>
          {details.address}
        </p>
      ) : null}
      <Button asChild variant="outline" className="mt-4 w-full">
        <Link to={`/shop/${vendorId}`}>
          Visit Shop<span className="sr-only"> {shopName}</span>
        </Link>
      </Button>
    </section>
  );
}
