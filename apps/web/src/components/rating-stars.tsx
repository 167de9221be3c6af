import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';

const MAX_RATING = 5;

/** A rating on the 1-5 scale to one decimal (spec 9): 4.5. */
export function formatRating(rating: number): string {
  const bounded = Math.min(MAX_RATING, Math.max(0, Number.isFinite(rating) ? rating : 0));
  return bounded.toFixed(1);
}

interface RatingStarsProps {
  rating: number;
  /** Number of reviews; shown as "(12 reviews)" when given. */
  reviewCount?: number;
  /** Hide the number beside the stars (when the surrounding text already shows it). */
  hideValue?: boolean;
  size?: 'sm' | 'md';
  className?: string;
}

function reviewsText(count: number): string {
  return `${count} ${count === 1 ? 'review' : 'reviews'}`;
}

/**
 * Five stars filled to the rating, then the rating to one decimal. Screen readers hear one sentence,
 * "Rated 4.5 out of 5, 12 reviews", instead of five separate icons.
 */
export function RatingStars({ rating, reviewCount, hideValue = false, size = 'sm', className }: RatingStarsProps) {
  const value = formatRating(rating);
  const filledPercent = (Number(value) / MAX_RATING) * 100;
  const label = `Rated ${value} out of ${MAX_RATING}${reviewCount === undefined ? '' : `, ${reviewsText(reviewCount)}`}`;
  const starClass = size === 'md' ? 'size-5' : 'size-4';
  return (
    <div role="img" aria-label={label} className={cn('inline-flex items-center gap-1.5 text-sm', className)}>
      <span className="relative inline-flex shrink-0" aria-hidden="true">
        <span className="flex text-border">
          {Array.from({ length: MAX_RATING }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: five identical, fixed icons.
            <Star key={index} className={cn(starClass, 'fill-current')} strokeWidth={0} />
          ))}
        </span>
        <span
          className="absolute inset-y-0 left-0 flex overflow-hidden text-amber-500"
          style={{ width: `${filledPercent}%` }}
        >
          {Array.from({ length: MAX_RATING }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above.
            <Star key={index} className={cn(starClass, 'shrink-0 fill-current')} strokeWidth={0} />
          ))}
        </span>
      </span>
      {hideValue ? null : (
        <span aria-hidden="true" className="font-semibold text-foreground">
          {value}
        </span>
      )}
      {reviewCount === undefined ? null : (
        <span aria-hidden="true" className="text-muted-foreground">
          ({reviewsText(reviewCount)})
        </span>
      )}
    </div>
  );
}
