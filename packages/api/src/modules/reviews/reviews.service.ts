import type { ReviewDto, ReviewListQuery } from '@caps/contracts';
import type { z } from 'zod';
import type { Context } from '../../context.js';
import { ReviewSchema } from './reviews.entities.js';

/** A reviewer's email as the public sees it: enough to recognise, not enough to write to. */
function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/** Reviews of a product, or of a shop (its shop reviews and the reviews of its products), newest first. */
export async function listReviews(ctx: Context, query: z.output<typeof ReviewListQuery>): Promise<ReviewDto[]> {
  const where =
    query.product_id !== undefined
      ? { product: query.product_id }
      : query.vendor_id !== undefined
        ? { $or: [{ vendor: query.vendor_id }, { product: { vendor: query.vendor_id } }] }
        : {};
  const reviews = await ctx.em.find(ReviewSchema, where, {
    populate: ['user'],
    orderBy: { createdAt: 'desc', id: 'desc' },
    limit: 200,
  });
  return reviews.map((review) => ({
    id: review.id,
    user_id: review.user?.id ?? null,
    user: review.user ? { full_name: review.user.fullName, email: maskEmail(review.user.email) } : null,
    product_id: review.product?.id ?? null,
    vendor_id: review.vendor?.id ?? null,
    rating: review.rating,
    comment: review.comment,
    verified_purchase: review.verifiedPurchase,
    created_at: review.createdAt.toISOString(),
  }));
}
