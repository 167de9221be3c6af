import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';

/**
 * The sizes the server stores of every uploaded picture, by their longest edge (packages/api/src/images/
 * image-store.ts): `x.webp` (1600), `x-md.webp` (800) and `x-thumb.webp` (400). Pictures smaller than a
 * size are not enlarged, so a size may be smaller than its name says: the browser still picks the right
 * file, as it only compares the names' widths with the slot.
 */
export const STORED_WIDTHS = { thumb: 400, md: 800, large: 1600 } as const;
export type StoredSize = keyof typeof STORED_WIDTHS;

/**
 * A stored picture's address: `/api/images/<32 hex>.webp` from this server, or the same name under the
 * bucket's public URL (S3_PUBLIC_URL, a CDN). Other addresses (another site's picture, another format,
 * a size's own address) have no other sizes.
 */
const STORED_URL = /^((?:\/api\/images\/|https?:\/\/[^?#\s]*\/)[a-f0-9]{32})\.webp$/;

/** The addresses of a stored picture's sizes, or null for a picture that is not a stored one. */
export function storedSizes(src: string): Record<StoredSize, string> | null {
  const base = STORED_URL.exec(src)?.[1];
  if (!base) return null;
  return { thumb: `${base}-thumb.webp`, md: `${base}-md.webp`, large: `${base}.webp` };
}

/** The thumbnail's address of a stored picture; any other address as it is. */
export function thumbnailUrl(src: string): string {
  return storedSizes(src)?.thumb ?? src;
}

/** `srcset` over a stored picture's sizes (width descriptors); undefined for other pictures. */
export function storedSrcSet(src: string): string | undefined {
  const sizes = storedSizes(src);
  if (!sizes) return undefined;
  return (Object.keys(STORED_WIDTHS) as StoredSize[])
    .map((size) => `${sizes[size]} ${STORED_WIDTHS[size]}w`)
    .join(', ');
}

/** A drawn cap on the muted background: shown where a product has no picture or its picture fails. */
export function ImagePlaceholder({ label, className }: { label: string; className?: string }) {
  return (
    <div
      role="img"
      aria-label={label}
      className={cn('flex size-full items-center justify-center bg-muted text-muted-foreground', className)}
    >
      <svg viewBox="0 0 64 64" aria-hidden="true" className="size-1/3 max-h-24 max-w-24 opacity-60">
        <path d="M10 42c0-14 9.5-24 22-24s22 10 22 24z" fill="currentColor" opacity="0.35" />
        <path d="M17 31h30M14 36.5h36" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        <rect x="8" y="41" width="48" height="7" rx="3" fill="currentColor" opacity="0.6" />
      </svg>
    </div>
  );
}

export interface ResponsiveImageProps {
  /** The picture's address, as the API gives it. */
  src: string;
  alt: string;
  /**
   * How wide the picture is shown (the `sizes` attribute): with it, the browser picks among a stored
   * picture's sizes; without it, the `first` size alone is asked for.
   */
  sizes?: string | undefined;
  /** The size named by `src`: asked for first without `sizes`, and by browsers that know no srcset. */
  first?: StoredSize;
  /** Intrinsic size attributes: the picture's aspect ratio before CSS applies (CSS sets the shown size). */
  width: number;
  height: number;
  /** The page's largest picture (its LCP): loaded at once, fetched at high priority. */
  priority?: boolean;
  /** Without `priority`: eager for pictures seen at once, lazy (the default) for the rest. */
  loading?: 'eager' | 'lazy';
  className?: string;
  /** Shown instead when the picture cannot be loaded at all. */
  fallback: ReactNode;
}

interface Attempt {
  src: string;
  srcSet?: string | undefined;
  sizes?: string | undefined;
}

/** What to try, in order: a stored picture's sizes, then the address as given alone, then the fallback. */
function attemptsFor(src: string, sizes: string | undefined, first: StoredSize): Attempt[] {
  const stored = storedSizes(src);
  if (!stored) return [{ src }];
  const primary = sizes ? { src: stored[first], srcSet: storedSrcSet(src), sizes } : { src: stored[first] };
  return primary.src === src && !primary.srcSet ? [{ src }] : [primary, { src }];
}

/**
 * An <img> over a stored picture's sizes (srcset and sizes, width and height, lazy or high priority)
 * that never shows a broken-image icon: when what it tried fails (a size missing, say), it tries the
 * address as given, then shows `fallback`.
 *
 * Rendered on the server too: the first render reads nothing but its props, so the browser's first
 * render is the same HTML. A picture that failed before the page was hydrated had no React listener
 * for its error event: an effect looks at it once mounted (complete, yet no pixels) and moves on.
 */
export function ResponsiveImage({
  src,
  alt,
  sizes,
  first = 'md',
  width,
  height,
  priority = false,
  loading = 'lazy',
  className,
  fallback,
}: ResponsiveImageProps) {
  const attempts = attemptsFor(src, sizes, first);
  const [failed, setFailed] = useState<{ src: string; count: number }>({ src, count: 0 });
  // A new picture (the card reused for another product) starts again from the first attempt.
  const failures = failed.src === src ? failed.count : 0;
  const current = attempts[failures];
  const ref = useRef<HTMLImageElement>(null);

  // Idempotent per attempt: the error event and the effect below may both report the same failure.
  const failedAttempt = useCallback(
    (attempt: number) =>
      setFailed((previous) => {
        const count = previous.src === src ? previous.count : 0;
        return count === attempt ? { src, count: attempt + 1 } : previous;
      }),
    [src],
  );

  useEffect(() => {
    const image = ref.current;
    // Loaded (or given up) without any pixels: broken before hydration. A lazy picture not yet
    // asked for is not complete; one that has pixels has a natural width.
    if (image?.complete && image.naturalWidth === 0 && image.currentSrc !== '') failedAttempt(failures);
  }, [failures, failedAttempt]);

  if (!current) return fallback;
  return (
    <img
      ref={ref}
      key={`${current.src} ${current.srcSet ?? ''}`}
      src={current.src}
      srcSet={current.srcSet}
      sizes={current.sizes}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? 'eager' : loading}
      fetchPriority={priority ? 'high' : undefined}
      // The browser reports when the page's main picture has been shown (Element Timing): a rendered page loads
      // the app after it (ssr/boot.ts). React's types do not know the attribute.
      {...(priority ? { elementtiming: 'main-picture' } : {})}
      decoding="async"
      className={className}
      onError={() => failedAttempt(failures)}
    />
  );
}

interface ProductImageProps {
  /** The picture's address; missing or empty shows the placeholder. */
  src: string | null | undefined;
  /** What the picture shows, read by screen readers. */
  alt: string;
  /**
   * How wide the picture is shown, as the `sizes` attribute (e.g. `(min-width: 1024px) 300px, 100vw`):
   * the browser then picks the stored size that fits. Without it, the thumbnail (with `thumbnail`) or
   * the middle size is asked for.
   */
  sizes?: string;
  /** A small picture (cards, lists): the thumbnail is the size asked for first. */
  thumbnail?: boolean;
  /** Intrinsic size attributes (the aspect ratio); square by default, as the boxes the pictures fill. */
  width?: number;
  height?: number;
  /** The page's LCP picture: eager and fetched at high priority. */
  priority?: boolean;
  /** Eager for the first, visible pictures of a page; lazy otherwise. */
  loading?: 'eager' | 'lazy';
  className?: string;
}

/**
 * A product picture that fills its box and never shows a broken-image icon: missing or failing pictures
 * become the placeholder; a failing size falls back to the picture's own address first.
 */
export function ProductImage({
  src,
  alt,
  sizes,
  thumbnail = false,
  width,
  height,
  priority = false,
  loading = 'lazy',
  className,
}: ProductImageProps) {
  const placeholder = <ImagePlaceholder label={`${alt} (no picture available)`} className={className} />;
  if (!src) return placeholder;
  const edge = thumbnail ? STORED_WIDTHS.thumb : STORED_WIDTHS.md;
  return (
    <ResponsiveImage
      key={src}
      src={src}
      alt={alt}
      sizes={sizes}
      first={thumbnail ? 'thumb' : 'md'}
      width={width ?? edge}
      height={height ?? edge}
      priority={priority}
      loading={loading}
      className={cn('size-full object-cover', className)}
      fallback={placeholder}
    />
  );
}
