import { formatDayMonthYear, type ReviewDto, type ReviewListQuery } from '@caps/contracts';
import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, MessageSquare } from 'lucide-react';
import { useId } from 'react';
import { EmptyState, ErrorPanel } from '@/components/load-states';
import { RatingStars } from '@/components/rating-stars';
import { useTRPC } from '@/lib/trpc';

/** Spec 9: reviews stay fresh 5 minutes and are kept 15 minutes. */
const REVIEWS_STALE_MS = 5 * 60_000;
const REVIEWS_GC_MS = 15 * 60_000;

export const REVIEWS_LOAD_ERROR = 'Failed to load reviews. Please try again later.';

function ReviewItem({ review }: { review: ReviewDto }) {
  const author = review.user?.full_name?.trim() || 'Anonymous User';
  const date = formatDayMonthYear(new Date(review.created_at));
  return (
    <li className="flex flex-col gap-2 border-b border-border py-4 last:border-b-0">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary font-semibold text-secondary-foreground"
        >
          {author.charAt(0).toUpperCase()}
        </span>
        <div className="flex min-w-0 flex-col">
          <p className="font-semibold">{author}</p>
          {date ? (
            <time dateTime={review.created_at} className="text-xs text-muted-foreground">
              {date}
            </time>
          ) : null}
        </div>
        {review.verified_purchase ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-accent/10 px-2.5 py-0.5 text-xs font-semibold text-accent">
            <BadgeCheck className="size-3.5" aria-hidden="true" />
            Verified purchase
          </span>
        ) : null}
      </div>
      <RatingStars rating={review.rating} hideValue />
      {review.comment ? <p className="text-sm leading-relaxed whitespace-pre-line">{review.comment}</p> : null}
    </li>
  );
}

function ReviewSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-2 border-b border-border py-4 last:border-b-0">
      <div className="flex items-center gap-3">
        <div className="size-9 animate-pulse rounded-full bg-muted" />
        <div className="h-4 w-32 animate-pulse rounded bg-muted" />
      </div>
      <div className="h-4 w-24 animate-pulse rounded bg-muted" />
      <div className="h-3 w-full animate-pulse rounded bg-muted" />
      <div className="h-3 w-2/3 animate-pulse rounded bg-muted" />
    </div>
  );
}

interface ReviewsSectionProps {
  /** Reviews of one product or of one shop (its own and its products' reviews). */
  filter: ReviewListQuery;
  title: string;
  emptyTitle: string;
  emptyDescription: string;
}

/** A titled list of reviews with its loading, error and empty states. */
export function ReviewsSection({ filter, title, emptyTitle, emptyDescription }: ReviewsSectionProps) {
  const trpc = useTRPC();
  const headingId = useId();
  const reviews = useQuery({
    ...trpc.reviews.list.queryOptions(filter),
    staleTime: REVIEWS_STALE_MS,
    gcTime: REVIEWS_GC_MS,
  });
  const list = reviews.data ?? [];
  const average = list.length > 0 ? list.reduce((sum, review) => sum + review.rating, 0) / list.length : 0;

  return (
    <section aria-labelledby={headingId} className="rounded-card border border-border bg-card p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-2xl font-bold">
          {title}
          {reviews.isSuccess ? <span className="text-muted-foreground"> ({list.length})</span> : null}
        </h2>
        {list.length > 0 ? <RatingStars rating={average} size="md" /> : null}
      </div>

      <div className="mt-2">
        {reviews.isPending ? (
          <div role="status" aria-label="Loading reviews">
            <ReviewSkeleton />
            <ReviewSkeleton />
          </div>
        ) : reviews.isError ? (
          <ErrorPanel
            title={REVIEWS_LOAD_ERROR}
            onRetry={() => void reviews.refetch()}
            retrying={reviews.isFetching}
            className="mt-4 py-8"
          />
        ) : list.length === 0 ? (
          <EmptyState icon={MessageSquare} title={emptyTitle} description={emptyDescription} className="mt-4 py-8" />
        ) : (
          <ul>
            {list.map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
