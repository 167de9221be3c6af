import { CONTACT, type ProductDto, type PublicVendorDto } from '@caps/contracts';

/**
 * schema.org structured data (JSON-LD) for the storefront's pages, as Google's rich results read it: every
 * address absolute (from the site's public origin), no empty strings (a value that would be empty is left out).
 */

export const SITE_NAME = 'Caps Marketplace';
const SCHEMA = 'https://schema.org';

/** A JSON value; `undefined` inside an object means "leave the property out" (JSON.stringify drops it). */
export type JsonValue = string | number | boolean | null | undefined | JsonValue[] | { [key: string]: JsonValue };

/** One schema.org node: a @type and its properties. */
export interface JsonLdNode {
  '@context'?: string;
  '@type': string;
  [property: string]: JsonValue;
}

/**
 * The JSON of a node for a `<script type="application/ld+json">`: `<`, `>` and `&` as \u escapes so no text
 * (a cap named `</script>`) can end the script or start a comment, and U+2028/U+2029 escaped for old parsers.
 */
export function serializeJsonLd(data: JsonLdNode | JsonLdNode[]): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** An absolute address: full http(s) URLs as they are, paths after the origin; undefined without an origin. */
export function absoluteUrl(origin: string, pathOrUrl: string): string | undefined {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  if (!origin) return undefined;
  return `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** An image value of the API as a path or URL: spec 3 allows a bare file name served from /api/images/. */
function imagePath(src: string): string {
  const value = src.trim();
  if (/^https?:\/\//i.test(value) || value.startsWith('/')) return value;
  return `/api/images/${encodeURIComponent(value)}`;
}

/** The absolute address of an image value of the API (undefined for an empty value or without an origin). */
export function absoluteImageUrl(origin: string, src: string | null | undefined): string | undefined {
  if (!src?.trim()) return undefined;
  return absoluteUrl(origin, imagePath(src));
}

/**
 * The picture to show in a shared link's preview. WhatsApp drops previews of images over about 300 KB, so a
 * stored image (`<32 hex>.webp`, here or on the S3 base URL) becomes its 800px middle size `<name>-md.webp`
 * (tens of KB, large enough for a large card), which the image store writes beside it (and makes on first
 * request for older images); other addresses are shared as they are.
 */
export function shareImageUrl(origin: string, src: string | null | undefined): string | undefined {
  const url = absoluteImageUrl(origin, src);
  return url?.replace(/(\/[a-f0-9]{32})\.webp$/, '$1-md.webp');
}

function text(value: string | null | undefined): string | undefined {
  const trimmed = value?.replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed : undefined;
}

export function productPath(id: number): string {
  return `/product/${id}`;
}

export function shopPath(id: number): string {
  return `/shop/${id}`;
}

/** A shop as the seller (and brand) of its caps. */
function shopOrganization(vendor: { id: number; shop_name: string }, origin: string): JsonLdNode {
  return {
    '@type': 'Organization',
    name: text(vendor.shop_name) ?? 'Unknown Shop',
    url: absoluteUrl(origin, shopPath(vendor.id)),
  };
}

/** An average of 1-5 stars with one decimal, only when there are reviews to back it. */
function aggregateRating(rating: number, reviewCount: number): JsonLdNode | undefined {
  if (reviewCount <= 0 || !Number.isFinite(rating) || rating < 1 || rating > 5) return undefined;
  return {
    '@type': 'AggregateRating',
    ratingValue: Math.round(rating * 10) / 10,
    reviewCount,
    bestRating: 5,
    worstRating: 1,
  };
}

/** A cap: Product with an Offer in naira, and AggregateRating when it has reviews. */
export function productJsonLd(product: ProductDto, origin: string): JsonLdNode {
  const url = absoluteUrl(origin, productPath(product.id));
  const shop = shopOrganization(product.vendor, origin);
  const images = [
    ...new Set(product.images.map((src) => absoluteImageUrl(origin, src)).filter((src) => src !== undefined)),
  ];
  const inStock = product.in_stock && product.stock > 0;
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    name: text(product.name) ?? 'Unknown Product',
    description: text(product.description),
    image: images.length > 0 ? images : undefined,
    sku: String(product.id),
    category: text(product.category),
    brand: shop,
    url,
    offers: {
      '@type': 'Offer',
      price: product.price.toFixed(2),
      priceCurrency: 'NGN',
      availability: inStock ? `${SCHEMA}/InStock` : `${SCHEMA}/OutOfStock`,
      itemCondition: `${SCHEMA}/NewCondition`,
      url,
      seller: shop,
    },
    aggregateRating: aggregateRating(product.rating, product.total_reviews),
  };
}

/** A shop page: the shop as a Store (a LocalBusiness), with its address, phone and rating. */
export function storeJsonLd(vendor: PublicVendorDto, origin: string): JsonLdNode {
  const address = text(vendor.address);
  const image = absoluteImageUrl(origin, vendor.cover_image) ?? absoluteImageUrl(origin, vendor.profile_image);
  return {
    '@context': SCHEMA,
    '@type': 'Store',
    name: text(vendor.shop_name) ?? 'Unknown Shop',
    description: text(vendor.shop_description),
    url: absoluteUrl(origin, shopPath(vendor.id)),
    image,
    logo: absoluteImageUrl(origin, vendor.profile_image),
    telephone: text(vendor.phone),
    address: address ? { '@type': 'PostalAddress', streetAddress: address, addressCountry: 'NG' } : undefined,
    aggregateRating: aggregateRating(vendor.average_rating, vendor.total_reviews),
  };
}

/** The marketplace itself, on the home page. */
export function organizationJsonLd(origin: string): JsonLdNode {
  return {
    '@context': SCHEMA,
    '@type': 'Organization',
    name: SITE_NAME,
    url: absoluteUrl(origin, '/'),
    logo: absoluteUrl(origin, '/favicon.svg'),
    email: CONTACT.email,
    telephone: CONTACT.phone,
    address: {
      '@type': 'PostalAddress',
      addressLocality: CONTACT.city,
      addressRegion: 'Borno State',
      addressCountry: 'NG',
    },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer support',
      email: CONTACT.email,
      telephone: CONTACT.phone,
      areaServed: 'NG',
      availableLanguage: 'English',
    },
  };
}

/** The site as a WebSite (its name in search results), on the home page. */
export function websiteJsonLd(origin: string): JsonLdNode {
  return {
    '@context': SCHEMA,
    '@type': 'WebSite',
    name: SITE_NAME,
    url: absoluteUrl(origin, '/'),
    inLanguage: 'en-NG',
  };
}

export interface Crumb {
  name: string;
  path: string;
}

/** Home > … > this page. */
export function breadcrumbJsonLd(crumbs: readonly Crumb[], origin: string): JsonLdNode {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: text(crumb.name) ?? SITE_NAME,
      item: absoluteUrl(origin, crumb.path),
    })),
  };
}

/** A page of caps as a list of their addresses (a summary page, as Google's carousels read it). */
export function productListJsonLd(products: readonly ProductDto[], firstPosition: number, origin: string): JsonLdNode {
  return {
    '@context': SCHEMA,
    '@type': 'ItemList',
    itemListElement: products.map((product, index) => ({
      '@type': 'ListItem',
      position: firstPosition + index,
      url: absoluteUrl(origin, productPath(product.id)),
      name: text(product.name) ?? 'Unknown Product',
    })),
  };
}
