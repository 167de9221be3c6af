import { formatNaira } from '@caps/contracts';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useSiteOrigin } from '@/lib/site-context';
import { absoluteUrl, type JsonLdNode, SITE_NAME, serializeJsonLd, shareImageUrl } from '@/lib/structured-data';

/**
 * A page's head: React 19 hoists <title>, <meta> and <link> into <head> wherever they are rendered (and the
 * server moves what React emits for them into its HTML head), so a page renders <PageMeta> anywhere in its
 * tree. Nothing here reads `window`: the server's HTML and the browser's first render are the same.
 */

/** `${title} | Caps Marketplace`, the title of every page. */
export function pageTitle(title: string): string {
  return `${title} | ${SITE_NAME}`;
}

/** Search results show about 155-160 characters of a description: whitespace folded, cut at a word with "…". */
export function summarise(value: string, max = 160): string {
  const folded = value.replace(/\s+/g, ' ').trim();
  if (folded.length <= max) return folded;
  const cut = folded.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

export interface PageMetaProps {
  /** The page's own title; the document title is `${title} | Caps Marketplace`. */
  title: string;
  description: string;
  /** The canonical path (with its query, if it matters), made absolute with the site's origin; also og:url. */
  path?: string;
  /** A picture for link previews: an image value of the API (a path or an http URL). */
  image?: string | null;
  imageAlt?: string;
  type?: 'website' | 'product';
  /** Pages that must not be indexed (not found, load errors): robots noindex, and no canonical link. */
  noIndex?: boolean;
  /** A cap: og:type product, its price in naira in og:title, and the product:price tags. */
  product?: { price: number; inStock: boolean };
}

/**
 * Title, description, canonical link, Open Graph and Twitter card of a page. A shared product link (WhatsApp,
 * Facebook, X) shows the cap's picture, its name with the price in naira, and the description.
 */
export function PageMeta({ title, description, path, image, imageAlt, type, noIndex = false, product }: PageMetaProps) {
  const origin = useSiteOrigin();
  const url = !noIndex && path !== undefined ? absoluteUrl(origin, path) : undefined;
  const imageUrl = shareImageUrl(origin, image);
  const socialTitle = product ? `${title} – ${formatNaira(product.price)}` : title;
  const summary = summarise(description);
  return (
    <>
      <title>{pageTitle(title)}</title>
      <meta name="description" content={summary} />
      {noIndex ? <meta name="robots" content="noindex" /> : null}
      {url ? <link rel="canonical" href={url} /> : null}
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:locale" content="en_NG" />
      <meta property="og:type" content={type ?? (product ? 'product' : 'website')} />
      <meta property="og:title" content={socialTitle} />
      <meta property="og:description" content={summary} />
      {url ? <meta property="og:url" content={url} /> : null}
      {imageUrl ? <meta property="og:image" content={imageUrl} /> : null}
      {imageUrl ? <meta property="og:image:alt" content={imageAlt ?? title} /> : null}
      {product ? <meta property="product:price:amount" content={product.price.toFixed(2)} /> : null}
      {product ? <meta property="product:price:currency" content="NGN" /> : null}
      {product ? (
        <meta property="product:availability" content={product.inStock ? 'in stock' : 'out of stock'} />
      ) : null}
      <meta name="twitter:card" content={imageUrl ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={socialTitle} />
      <meta name="twitter:description" content={summary} />
      {imageUrl ? <meta name="twitter:image" content={imageUrl} /> : null}
      {imageUrl ? <meta name="twitter:image:alt" content={imageAlt ?? title} /> : null}
    </>
  );
}

/**
 * Structured data in the body (React does not hoist it). The JSON is escaped so no value can close the
 * script; the same string on the server and in the browser.
 */
export function JsonLd({ data }: { data: JsonLdNode | JsonLdNode[] }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be the script's raw text; serializeJsonLd escapes <, > and &.
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}

/**
 * A quiet line shown only when JavaScript is off, beside a form that needs the app (server-rendered pages
 * without scripts: the form is there but cannot be sent).
 */
export function NoScriptNotice({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <noscript>
      <p className={cn('text-sm text-muted-foreground', className)}>{children}</p>
    </noscript>
  );
}
