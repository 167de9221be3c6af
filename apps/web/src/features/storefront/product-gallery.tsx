import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { ProductImage } from '@/components/product-image';
import { cn } from '@/lib/cn';

interface ProductGalleryProps {
  images: readonly string[];
  /** The product's name, for the pictures' alt texts. */
  name: string;
  /** Grey the pictures when the cap cannot be bought. */
  dimmed?: boolean;
}

/**
 * How wide the main picture is shown: the page's width less its margins on phones and tablets, half the
 * page (less the 48 px gap) beside the details from 1024 px, at most 592 px in the 1280 px page. On a 412 px
 * phone at 1.75 device pixels: 380 px, so the 800 px size.
 */
const MAIN_SIZES =
  '(min-width: 1280px) 592px, (min-width: 1024px) calc(50vw - 48px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)';
/** The thumbnails' buttons: 64 px, 80 px from 640 px (less their 2 px borders). */
const THUMBNAIL_SIZES = '(min-width: 640px) 76px, 60px';

/**
 * The main picture with a row of thumbnails under it. Each thumbnail is a button (Tab, Enter/Space);
 * left and right arrows move along the row; the selected one is outlined and marked aria-current.
 */
export function ProductGallery({ images, name, dimmed = false }: ProductGalleryProps) {
  const [selected, setSelected] = useState(0);
  const thumbnailRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const count = images.length;
  const index = Math.min(selected, Math.max(0, count - 1));

  const select = (next: number, focus = false) => {
    const wrapped = (next + count) % count;
    setSelected(wrapped);
    if (focus) thumbnailRefs.current[wrapped]?.focus();
  };

  const onThumbnailKeyDown = (event: KeyboardEvent<HTMLButtonElement>, position: number) => {
    const moves: Record<string, number> = {
      ArrowRight: position + 1,
      ArrowLeft: position - 1,
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target, true);
  };

  return (
    <section aria-label="Product pictures" className="flex flex-col gap-3">
      <div className="relative aspect-square overflow-hidden rounded-card border border-border bg-muted">
        <ProductImage
          key={images[index] ?? 'none'}
          src={images[index]}
          alt={count > 1 ? `${name}, picture ${index + 1} of ${count}` : name}
          sizes={MAIN_SIZES}
          width={800}
          height={800}
          priority
          className={cn(dimmed && 'grayscale')}
        />
        {count > 1 ? (
          <>
            <button
              type="button"
              onClick={() => select(index - 1)}
              aria-label="Previous picture"
              className="absolute top-1/2 left-2 inline-flex size-10 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-card/90 text-foreground shadow-md hover:bg-card"
            >
              <ChevronLeft className="size-5" aria-hidden="true" />
            </button>
            <button
              type="button"
              onClick={() => select(index + 1)}
              aria-label="Next picture"
              className="absolute top-1/2 right-2 inline-flex size-10 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-card/90 text-foreground shadow-md hover:bg-card"
            >
              <ChevronRight className="size-5" aria-hidden="true" />
            </button>
            <span
              aria-hidden="true"
              className="absolute right-2 bottom-2 rounded-full bg-foreground/70 px-2.5 py-1 text-xs font-semibold text-background"
            >
              {index + 1} / {count}
            </span>
          </>
        ) : null}
      </div>

      {count > 1 ? (
        <ul aria-label="Choose a picture" className="flex gap-2 overflow-x-auto p-1">
          {images.map((image, position) => (
            <li key={image} className="shrink-0">
              <button
                ref={(element) => {
                  thumbnailRefs.current[position] = element;
                }}
                type="button"
                aria-label={`Show picture ${position + 1} of ${count}`}
                aria-current={position === index ? 'true' : undefined}
                onClick={() => select(position)}
                onKeyDown={(event) => onThumbnailKeyDown(event, position)}
                className={cn(
                  'block size-16 cursor-pointer overflow-hidden rounded-lg border-2 bg-muted transition sm:size-20',
                  position === index
                    ? 'border-primary ring-2 ring-primary/30'
                    : 'border-transparent opacity-75 hover:opacity-100',
                )}
              >
                <ProductImage src={image} alt="" thumbnail sizes={THUMBNAIL_SIZES} width={80} height={80} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
