import type { PublicVendorDto } from '@caps/contracts';
import { BadgeCheck, MapPin, User } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ResponsiveImage } from './product-image';
import { RatingStars } from './rating-stars';

/**
 * How wide a shop card's cover is shown, at most: one column on phones, two from 640 px, three or four from
 * 1024 px (home and Shops lay cards out alike but for the columns; this is the wider of the two).
 */
const COVER_SIZES = '(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

/** The avatar's two places: a shop card, and the shop page's header. */
const AVATAR = {
  card: {
    frame: 'size-16 shadow-sm',
    letter: 'text-2xl',
    sizes: '56px',
    edge: 56,
  },
  page: {
    frame: 'size-24 shadow-md sm:size-28',
    letter: 'text-4xl',
    sizes: '(min-width: 640px) 104px, 88px',
    edge: 104,
  },
} as const;

/** The shop's profile picture, or its initial letter on the brand colour when there is none or it fails. */
export function ShopAvatar({
  shopName,
  image,
  place = 'card',
}: {
  shopName: string;
  image: string | null;
  place?: keyof typeof AVATAR;
}) {
  const look = AVATAR[place];
  const frame = `flex shrink-0 items-center justify-center overflow-hidden rounded-full border-4 border-card bg-primary ${look.frame}`;
  const letter = (
    <span aria-hidden="true" className={`font-display font-bold text-primary-foreground ${look.letter}`}>
      {shopName.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
  if (!image) {
    return (
      <div className={frame} aria-hidden="true">
        {letter}
      </div>
    );
  }
  return (
    <div className={frame}>
      <ResponsiveImage
        src={image}
        alt={`${shopName} logo`}
        sizes={look.sizes}
        first="thumb"
        width={look.edge}
        height={look.edge}
        className="size-full object-cover"
        fallback={letter}
      />
    </div>
  );
}

/** The shop's cover as a banner; a warm gradient when there is none or it fails. */
function ShopCover({ image }: { image: string | null }) {
  return (
    <div className="h-24 bg-linear-to-r from-secondary via-muted to-secondary-hover">
      {image ? (
        <ResponsiveImage
          src={image}
          alt=""
          sizes={COVER_SIZES}
          width={400}
          height={96}
          className="size-full object-cover"
          fallback={null}
        />
      ) : null}
    </div>
  );
}

/** One shop in a grid (spec 2 "Shop card"). */
export function ShopCard({ vendor }: { vendor: PublicVendorDto }) {
  const titleId = useId();
  const shopName = vendor.shop_name || 'Unknown Shop';
  const verified = Boolean(vendor.verified_at) || vendor.is_verified === 1;
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-card border border-border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md"
    >
      <ShopCover image={vendor.cover_image} />
      <div className="flex flex-1 flex-col gap-3 px-5 pb-5">
        <div className="-mt-8 flex items-end justify-between gap-3">
          <ShopAvatar shopName={shopName} image={vendor.profile_image} />
          {verified ? (
            <span className="mb-1 inline-flex items-center gap-1 rounded-full bg-accent px-2.5 py-1 text-xs font-semibold text-accent-foreground">
              <BadgeCheck className="size-3.5" aria-hidden="true" />
              Verified
            </span>
          ) : null}
        </div>
        <div>
          <h3 id={titleId} className="text-lg leading-snug font-bold">
            {shopName}
          </h3>
          <p className="mt-0.5 flex items-center gap-1.5 text-sm text-muted-foreground">
            <User className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="sr-only">Owner: </span>
            <span className="truncate">{vendor.user.name || 'Unknown Vendor'}</span>
          </p>
        </div>
        <RatingStars rating={vendor.average_rating} reviewCount={vendor.total_reviews} />
        {vendor.shop_description ? (
          <p className="line-clamp-3 text-sm text-muted-foreground">{vendor.shop_description}</p>
        ) : null}
        {vendor.address ? (
          <p className="flex items-start gap-1.5 text-sm text-secondary-foreground">
            <MapPin className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span className="sr-only">Address: </span>
            <span>{vendor.address}</span>
          </p>
        ) : null}
        <Button asChild variant="outline" className="mt-auto w-full">
          <Link to={`/shop/${vendor.id}`}>
            Visit Shop<span className="sr-only"> {shopName}</span>
          </Link>
        </Button>
      </div>
    </article>
  );
}

/** The shape of a shop card while the list loads. */
export function ShopCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex h-full flex-col overflow-hidden rounded-card border border-border bg-card">
      <div className="h-24 animate-pulse bg-muted" />
      <div className="flex flex-1 flex-col gap-3 px-5 pb-5">
        <div className="-mt-8 size-16 rounded-full border-4 border-card bg-secondary" />
        <div className="h-5 w-2/3 animate-pulse rounded bg-muted" />
        <div className="h-3 w-1/3 animate-pulse rounded bg-muted" />
        <div className="h-3 w-full animate-pulse rounded bg-muted" />
        <div className="h-3 w-5/6 animate-pulse rounded bg-muted" />
        <div className="mt-auto h-10 w-full animate-pulse rounded-lg bg-muted" />
      </div>
    </div>
  );
}
