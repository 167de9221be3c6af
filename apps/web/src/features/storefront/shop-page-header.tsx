import { formatMonthYear, type PublicVendorDto } from '@caps/contracts';
import {
  BadgeCheck,
  CalendarDays,
  Check,
  Flag,
  MapPin,
  MessageCircle,
  MessageSquareText,
  Phone,
  Plus,
  User,
} from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { ResponsiveImage } from '@/components/product-image';
import { RatingStars } from '@/components/rating-stars';
import { ShopAvatar } from '@/components/shop-card';
import { Button } from '@/components/ui/button';
import { useFollowShop } from './use-follow-shop';

/** A phone number as a tel:/sms: address: digits and a leading +. */
function dialable(phone: string): string {
  const trimmed = phone.trim();
  return `${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}

/**
 * How wide the cover is shown: the page less its margins and the header's border, at most 1230 px. On a
 * 412 px phone at 1.75 device pixels: 378 px, so the 800 px size.
 */
const COVER_SIZES = '(min-width: 1280px) 1230px, (min-width: 640px) calc(100vw - 50px), calc(100vw - 34px)';

/** The cover: the shop page's largest picture on phones (its LCP), so fetched first. */
function ShopCoverBanner({ image }: { image: string | null }) {
  return (
    <div
      className="h-36 overflow-hidden bg-secondary sm:h-56"
      style={{
        // Without a cover: a woven pattern in the theme's cloth colours, like the embroidery on a cap.
        backgroundImage:
          'radial-gradient(circle at 1px 1px, rgb(166 61 26 / 0.22) 1.5px, transparent 0), linear-gradient(135deg, #f3e6d3 0%, #ead7bb 50%, #f5ede2 100%)',
        backgroundSize: '18px 18px, 100% 100%',
      }}
    >
      {image ? (
        <ResponsiveImage
          src={image}
          alt=""
          sizes={COVER_SIZES}
          width={1230}
          height={224}
          priority
          className="size-full object-cover"
          fallback={null}
        />
      ) : null}
    </div>
  );
}

/** Message: call or text the shop (the shop's email is not public, so no mail link). */
function MessageMenu({ phone, shopName }: { phone: string; shopName: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const number = dialable(phone);
  if (!number.replace('+', '')) {
    return (
      <Button disabled title="This shop has no phone number">
        <MessageCircle aria-hidden="true" />
        Message
      </Button>
    );
  }

  const itemClass =
    'flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium text-foreground hover:bg-muted focus-visible:bg-muted';
  return (
    <div ref={rootRef} className="relative">
      <Button ref={buttonRef} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((value) => !value)}>
        <MessageCircle aria-hidden="true" />
        Message
      </Button>
      {open ? (
        <div
          id={panelId}
          className="absolute top-full left-0 z-30 mt-2 w-64 rounded-lg border border-border bg-card p-1.5 shadow-lg"
        >
          <p className="px-3 pt-1.5 pb-1 text-xs text-muted-foreground">Contact {shopName}</p>
          <ul>
            <li>
              <a href={`tel:${number}`} className={itemClass} onClick={() => setOpen(false)}>
                <Phone className="size-4 text-primary" aria-hidden="true" />
                <span>
                  Call <span className="text-muted-foreground">{phone}</span>
                </span>
              </a>
            </li>
            <li>
              <a href={`sms:${number}`} className={itemClass} onClick={() => setOpen(false)}>
                <MessageSquareText className="size-4 text-primary" aria-hidden="true" />
                Send a text message
              </a>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function FollowButton({ shopId, shopName }: { shopId: number; shopName: string }) {
  const { following, toggle } = useFollowShop(shopId, shopName);
  return (
    <Button variant={following ? 'secondary' : 'outline'} aria-pressed={following} onClick={toggle}>
      {following ? <Check aria-hidden="true" /> : <Plus aria-hidden="true" />}
      {following ? 'Following' : 'Follow Shop'}
    </Button>
  );
}

/**
 * The report dialog, its form and its checks are a chunk of their own, loaded on the first press of the
 * button: most visitors never report a shop. The button then gives way to the dialog's own, opened.
 */
const ReportVendorDialog = lazy(async () => ({
  default: (await import('./report-vendor-dialog')).ReportVendorDialog,
}));

function ReportVendorButton({ vendorId, shopName }: { vendorId: number; shopName: string }) {
  const [requested, setRequested] = useState(false);
  const button = (
    <Button variant="outline" onClick={() => setRequested(true)} disabled={requested}>
      <Flag aria-hidden="true" />
      Report Vendor
    </Button>
  );
  if (!requested) return button;
  return (
    <Suspense fallback={button}>
      <ReportVendorDialog vendorId={vendorId} shopName={shopName} defaultOpen />
    </Suspense>
  );
}

/** The top of a shop page: cover, logo or initial, name, rating, contact details and the shop's actions. */
export function ShopPageHeader({ vendor }: { vendor: PublicVendorDto }) {
  const shopName = vendor.shop_name || 'Unknown Shop';
  const verified = Boolean(vendor.verified_at) || vendor.is_verified === 1;
  const joined = new Date(vendor.created_at);

  return (
    <header className="overflow-hidden rounded-card border border-border bg-card shadow-sm">
      <ShopCoverBanner image={vendor.cover_image} />
      <div className="flex flex-col gap-5 px-5 pb-6 sm:px-8">
        <div className="-mt-12 sm:-mt-14">
          <ShopAvatar shopName={shopName} image={vendor.profile_image} place="page" />
        </div>
        <div className="flex flex-col gap-6 lg:flex-row lg:items-start lg:justify-between">
          <div className="flex min-w-0 flex-col gap-3">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
              <h1 className="text-3xl leading-tight font-bold break-words sm:text-4xl">{shopName}</h1>
              {verified ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-accent px-2.5 py-1 text-xs font-semibold text-accent-foreground">
                  <BadgeCheck className="size-3.5" aria-hidden="true" />
                  Verified
                </span>
              ) : null}
            </div>
            <RatingStars rating={vendor.average_rating} reviewCount={vendor.total_reviews} size="md" />
            {vendor.shop_description ? (
              <p className="max-w-3xl leading-relaxed text-secondary-foreground">{vendor.shop_description}</p>
            ) : null}
            <dl className="grid gap-2 text-sm text-muted-foreground sm:grid-cols-2 lg:flex lg:flex-wrap lg:gap-x-6">
              {vendor.user.name ? (
                <div className="flex items-start gap-2">
                  <dt>
                    <User className="mt-0.5 size-4 text-primary" aria-hidden="true" />
                    <span className="sr-only">Owner</span>
                  </dt>
                  <dd>{vendor.user.name}</dd>
                </div>
              ) : null}
              {vendor.phone ? (
                <div className="flex items-start gap-2">
                  <dt>
                    <Phone className="mt-0.5 size-4 text-primary" aria-hidden="true" />
                    <span className="sr-only">Phone</span>
                  </dt>
                  <dd>
                    <a href={`tel:${dialable(vendor.phone)}`} className="hover:text-foreground hover:underline">
                      {vendor.phone}
                    </a>
                  </dd>
                </div>
              ) : null}
              {vendor.address ? (
                <div className="flex items-start gap-2">
                  <dt>
                    <MapPin className="mt-0.5 size-4 text-primary" aria-hidden="true" />
                    <span className="sr-only">Address</span>
                  </dt>
                  <dd>{vendor.address}</dd>
                </div>
              ) : null}
              {Number.isNaN(joined.getTime()) ? null : (
                <div className="flex items-start gap-2">
                  <dt>
                    <CalendarDays className="mt-0.5 size-4 text-primary" aria-hidden="true" />
                    <span className="sr-only">Member since</span>
                  </dt>
                  <dd>Member since {formatMonthYear(joined)}</dd>
                </div>
              )}
            </dl>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            <MessageMenu phone={vendor.phone} shopName={shopName} />
            <FollowButton shopId={vendor.id} shopName={shopName} />
            <ReportVendorButton vendorId={vendor.id} shopName={shopName} />
          </div>
        </div>
      </div>
    </header>
  );
}
