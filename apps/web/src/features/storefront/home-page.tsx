import { FEATURED_CAPS, FEATURED_SHOPS } from '@caps/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Headphones, PackageSearch, RefreshCw, ShieldCheck, Sparkles, Star, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { HydrateLater } from '@/components/hydrate-later';
import { EmptyState, ErrorPanel } from '@/components/load-states';
import { ShopCard, ShopCardSkeleton } from '@/components/shop-card';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { JsonLd, PageMeta } from '@/lib/seo';
import { readServerError } from '@/lib/server-errors';
import { useSiteOrigin } from '@/lib/site-context';
import { organizationJsonLd, websiteJsonLd } from '@/lib/structured-data';
import { useTRPC } from '@/lib/trpc';
import { registerPage } from '@/ssr/page-registry';
import { CapCard, CapCardSkeleton } from './cap-card';
import { useRefreshCatalogue } from './use-refresh-catalogue';
import { VENDOR_QUERY_CACHE } from './vendor-query-cache';

/** Spec 1 marketing claims. */
const CLAIMS = [
  { value: '500+', label: 'Caps', icon: Sparkles },
  { value: '50+', label: 'Verified Vendors', icon: ShieldCheck },
  { value: '4.9', label: 'Average Rating', icon: Star },
  { value: '24/7', label: 'Support', icon: Headphones },
] as const;

/** Three caps on a cloth circle (an abeti aja, a hula and an okpu agu): decoration beside the hero text. */
function HeroArt() {
  return (
    <svg viewBox="0 0 320 280" aria-hidden="true" className="hidden w-full max-w-md lg:block">
      <circle cx="160" cy="140" r="130" fill="var(--color-card)" opacity="0.85" />
      <circle cx="160" cy="140" r="130" fill="none" stroke="var(--color-border)" strokeWidth="2" />
      <ellipse cx="160" cy="222" rx="112" ry="12" fill="var(--color-foreground)" opacity="0.08" />
      {/* Abeti aja, the peaked cap with turned-up flaps, left */}
      <path d="M54 212 92 104l38 108z" fill="#3b4fa0" />
      <path d="M92 104 92 212" stroke="#f6d7b0" strokeWidth="2" opacity="0.7" />
      <path d="M60 196 40 166l30 10zM124 196l20-30-30 10z" fill="#f6d7b0" stroke="#d9a066" strokeWidth="1.5" />
      <rect x="52" y="206" width="80" height="10" rx="4" fill="#d9a066" />
      {/* Okpu agu, right */}
      <path d="M190 212v-64q44-18 88 0v64z" fill="var(--color-destructive)" />
      <path d="M200 168h68M200 188h68" stroke="#2b1d12" strokeWidth="3" strokeDasharray="6 8" />
      <rect x="186" y="206" width="96" height="10" rx="4" fill="#2b1d12" />
      <path d="M270 150q18-40 10-76q-16 30-18 74z" fill="#fdf8f1" stroke="#a0825f" strokeWidth="1.5" />
      {/* Hausa hula in front */}
      <path d="M104 226c0-40 24-68 56-68s56 28 56 68z" fill="var(--color-accent)" />
      <path d="M116 196h88M110 212h100" stroke="#f6d7b0" strokeWidth="3" strokeDasharray="4 5" />
      <path d="M160 164l8 14-8 14-8-14z" fill="#f6d7b0" />
      <rect x="100" y="222" width="120" height="12" rx="5" fill="var(--color-primary)" />
    </svg>
  );
}

function Hero() {
  return (
    <section
      aria-labelledby="home-hero-title"
      className="relative overflow-hidden border-b border-border bg-secondary/70"
    >
      {/* Embroidery-like pattern, as on a hula: decoration only. */}
      <svg aria-hidden="true" className="absolute inset-0 size-full text-primary/[0.07]">
        <defs>
          <pattern id="home-hero-pattern" width="48" height="48" patternUnits="userSpaceOnUse">
            <path d="M24 4 44 24 24 44 4 24z" fill="none" stroke="currentColor" strokeWidth="2" />
            <circle cx="24" cy="24" r="4" fill="currentColor" />
          </pattern>
        </defs>
        <rect width="100%" height="100%" fill="url(#home-hero-pattern)" />
      </svg>
      <div className="relative mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div>
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">Handmade in Nigeria</p>
          <h1 id="home-hero-title" className="mt-3 max-w-3xl text-4xl font-bold sm:text-5xl">
            Traditional Nigerian Caps
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-secondary-foreground">
            Zanna, hula, fila, okpu agu and more, straight from verified vendors across Nigeria. Find the cap for your
            next occasion, or open a shop and sell your own.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to="/browse-caps">
                Browse Caps
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/vendor/auth">
                <Store aria-hidden="true" />
                Start Selling
              </Link>
            </Button>
          </div>
          <ul className="mt-10 grid max-w-3xl grid-cols-2 gap-3 sm:grid-cols-4">
            {CLAIMS.map((claim) => (
              <li key={claim.label} className="rounded-card border border-border bg-card/90 px-4 py-3 shadow-sm">
                <claim.icon className="size-5 text-primary" aria-hidden="true" />
                <p className="mt-2 font-display text-2xl font-bold">{claim.value}</p>
                <p className="text-sm text-muted-foreground">{claim.label}</p>
              </li>
            ))}
          </ul>
        </div>
        <HeroArt />
      </div>
    </section>
  );
}

interface SectionHeaderProps {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}

function SectionHeader({ id, title, description, children }: SectionHeaderProps) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h2 id={id} className="text-2xl font-bold sm:text-3xl">
          {title}
        </h2>
        <p className="mt-1 text-muted-foreground">{description}</p>
      </div>
      <div className="flex flex-wrap gap-2">{children}</div>
    </div>
  );
}

const GRID = 'mt-6 grid grid-cols-1 gap-5 min-[480px]:grid-cols-2 lg:grid-cols-4';

function FeaturedCaps() {
  const trpc = useTRPC();
  const caps = useQuery(trpc.catalogue.list.queryOptions({ sort: 'newest', page: 1, per_page: FEATURED_CAPS }));
  const { refresh, refreshing } = useRefreshCatalogue();
  const busy = refreshing || caps.isFetching;

  let body: ReactNode;
  if (caps.isPending) {
    body = (
      <div className={GRID}>
        {Array.from({ length: FEATURED_CAPS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity.
          <CapCardSkeleton key={index} />
        ))}
      </div>
    );
  } else if (caps.isError) {
    body = (
      <ErrorPanel
        className="mt-6"
        title="Failed to load featured caps"
        message={readServerError(caps.error, '').message}
        onRetry={() => void caps.refetch()}
        retrying={caps.isFetching}
      />
    );
  } else if (caps.data.data.length === 0) {
    body = <EmptyState className="mt-6" icon={PackageSearch} title="No featured caps available" />;
  } else {
    body = (
      <ul className={GRID} aria-label="Featured caps">
        {caps.data.data.slice(0, FEATURED_CAPS).map((product) => (
          <li key={product.id}>
            <CapCard product={product} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="featured-caps-title" aria-busy={busy} className="mx-auto max-w-7xl px-4 pt-14 sm:px-6">
      <SectionHeader id="featured-caps-title" title="Featured Caps" description="The newest caps from our vendors.">
        <Button variant="outline" onClick={() => void refresh()} disabled={busy}>
          <RefreshCw className={cn(busy && 'animate-spin')} aria-hidden="true" />
          Refresh
        </Button>
        <Button asChild>
          <Link to="/browse-caps">
            View All Caps
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </SectionHeader>
      {caps.isPending ? (
        <p className="sr-only" role="status">
          Loading featured caps...
        </p>
      ) : null}
      {body}
    </section>
  );
}

function FeaturedShops() {
  const trpc = useTRPC();
  const shops = useQuery(trpc.vendors.list.queryOptions(undefined, VENDOR_QUERY_CACHE));

  let body: ReactNode;
  if (shops.isPending) {
    body = (
      <div className={GRID}>
        {Array.from({ length: FEATURED_SHOPS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity.
          <ShopCardSkeleton key={index} />
        ))}
      </div>
    );
  } else if (shops.isError) {
    body = (
      <ErrorPanel
        className="mt-6"
        title="Failed to load featured shops"
        message={readServerError(shops.error, '').message}
        onRetry={() => void shops.refetch()}
        retrying={shops.isFetching}
      />
    );
  } else if (shops.data.length === 0) {
    body = <EmptyState className="mt-6" icon={Store} title="No featured shops available" />;
  } else {
    body = (
      <ul className={GRID} aria-label="Featured shops">
        {shops.data.slice(0, FEATURED_SHOPS).map((vendor) => (
          <li key={vendor.id}>
            <ShopCard vendor={vendor} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="featured-shops-title" className="mx-auto max-w-7xl px-4 pt-16 sm:px-6">
      <SectionHeader
        id="featured-shops-title"
        title="Featured Shops"
        description="Verified vendors, each checked before they can sell."
      >
        <Button asChild>
          <Link to="/shops">
            View All Shops
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </SectionHeader>
      {shops.isPending ? (
        <p className="sr-only" role="status">
          Loading featured shops...
        </p>
      ) : null}
      {body}
    </section>
  );
}

/** The home page's head: title, description and the marketplace as schema.org Organization and WebSite. */
function HomeMeta() {
  const origin = useSiteOrigin();
  return (
    <>
      <PageMeta
        title="Traditional Nigerian Caps"
        description="Buy traditional Nigerian caps from verified vendors: Hausa, Yoruba, Igbo and modern caps, zanna, hula, fila and okpu agu, delivered across Nigeria."
        path="/"
      />
      <JsonLd data={organizationJsonLd(origin)} />
      <JsonLd data={websiteJsonLd(origin)} />
    </>
  );
}

export function HomePage() {
  return (
    <>
      <HomeMeta />
      <Hero />
      <FeaturedCaps />
      <HydrateLater>
        <FeaturedShops />
      </HydrateLater>
    </>
  );
}

registerPage('home-page', HomePage);
