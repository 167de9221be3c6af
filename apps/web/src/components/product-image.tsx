import { useState } from 'react';
import { cn } from '@/lib/cn';

/**
 * The small version the server stores beside every uploaded picture: `/api/images/x.webp` has
 * `/api/images/x-thumb.webp`. Other addresses (a full http URL, another format) have none.
 */
export function thumbnailUrl(src: string): string {
  if (!src.startsWith('/api/images/') || !src.endsWith('.webp') || src.endsWith('-thumb.webp')) return src;
  return `${src.slice(0, -'.webp'.length)}-thumb.webp`;
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

interface ProductImageProps {
  /** The picture's address; missing or empty shows the placeholder. */
  src: string | null | undefined;
  /** What the picture shows, read by screen readers. */
  alt: string;
  /** Load the small version first (cards, lists); on failure the full picture is tried before the placeholder. */
  thumbnail?: boolean;
  className?: string;
  /** Eager for the first, visible pictures of a page; lazy otherwise. */
  loading?: 'eager' | 'lazy';
}

/**
 * A product picture that never shows a broken-image icon: missing or failing pictures become the
 * placeholder. With `thumbnail`, a missing thumbnail falls back to the full picture.
 */
export function ProductImage({ src, alt, thumbnail = false, className, loading = 'lazy' }: ProductImageProps) {
  const candidates = src ? (thumbnail && thumbnailUrl(src) !== src ? [thumbnailUrl(src), src] : [src]) : [];
  const [failed, setFailed] = useState<{ src: string | null | undefined; count: number }>({ src, count: 0 });
  // A new picture (the card reused for another product) starts again from the first candidate.
  const failures = failed.src === src ? failed.count : 0;
  const current = candidates[failures];

  if (!current) return <ImagePlaceholder label={`${alt} (no picture available)`} className={className} />;
  return (
    <img
      key={current}
      src={current}
      alt={alt}
      loading={loading}
      decoding="async"
      className={cn('size-full object-cover', className)}
      onError={() => setFailed({ src, count: failures + 1 })}
    />
  );
}
