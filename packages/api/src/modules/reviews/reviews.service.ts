import {
  type OrderStatus,
  REVIEW_TEXT,
  type ReviewCreateData,
  type ReviewDto,
  type ReviewListQuery,
} from '@caps/contracts';
import { LockMode } from '@mikro-orm/core';
import { BaseSqlitePlatform } from '@mikro-orm/knex';
import type { z } from 'zod';
import type { AuthedContext } from '../../access/roles.js';
import type { Context } from '../../context.js';
import type { Em } from '../../db/orm.js';
import { DomainError } from '../../errors.js';
import { UserSchema } from '../auth/auth.entities.js';
import { ProductSchema } from '../catalogue/catalogue.entities.js';
import { reviewPosted } from '../notifications/events/shops.js';
import { OrderItemSchema, OrderSchema } from '../orders/orders.entities.js';
import { VendorSchema } from '../vendors/vendors.entities.js';
import { type Review, ReviewSchema } from './reviews.entities.js';

/** Orders that were delivered, whatever a return or refund did after (docs/returns.md): they may be reviewed. */
const DELIVERED: OrderStatus[] = ['delivered', 'return_requested', 'returned', 'refunded', 'partially_refunded'];

/** Expects `user` loaded (populated, or the caller's own entity). The reviewer's name only: no part of the email. */
export function toReviewDto(review: Review): ReviewDto {
  return {
    id: review.id,
    user_id: review.user?.id ?? null,
    user: review.user ? { full_name: review.user.fullName, email: '' } : null,
    product_id: review.product?.id ?? null,
    vendor_id: review.vendor?.id ?? null,
    rating: review.rating,
    comment: review.comment,
    verified_purchase: review.verifiedPurchase,
    created_at: review.createdAt.toISOString(),
  };
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
  return reviews.map(toReviewDto);
}

/** The caller's own reviews, newest first, so an order page can tell which caps are already reviewed. */
export async function listMyReviews(ctx: AuthedContext): Promise<ReviewDto[]> {
  const reviews = await ctx.em.find(
    ReviewSchema,
    { user: ctx.user.id },
    { populate: ['user'], orderBy: { createdAt: 'desc', id: 'desc' } },
  );
  return reviews.map(toReviewDto);
}

/**
 * The ratings of the reviews of the product `products.id`, oldest first, as one comma-separated text
 * ('4,5,3'), null without reviews: what products.review_ratings holds. SQLite keeps the order of the
 * ordered inner select in group_concat.
 */
function reviewRatingsSql(em: Em): string {
  return em.getPlatform() instanceof BaseSqlitePlatform
    ? '(select group_concat(r.rating) from (select rating from reviews r where r.product_id = products.id order by r.id) r)'
    : "(select string_agg(r.rating::text, ',' order by r.id) from reviews r where r.product_id = products.id)";
}

/**
 * Sets a product's rating columns from its reviews: count, average and the list of ratings the catalogue
 * answers with (review_ratings). Counted again from the table rather than nudged by the new rating, so the
 * columns are exact whatever happened before (seeds, deletions, old bugs).
 */
export async function refreshProductRating(em: Em, productId: number): Promise<void> {
  await em.execute(
    `update products
        set rating_count = (select count(*) from reviews r where r.product_id = products.id),
            rating_average = coalesce((select avg(r.rating) from reviews r where r.product_id = products.id), 0),
            review_ratings = ${reviewRatingsSql(em)}
      where id = ?`,
    [productId],
  );
}

/** Sets every product's list of review ratings (review_ratings) from the reviews: after the seed writes them. */
export async function refreshReviewRatings(em: Em): Promise<void> {
  await em.execute(`update products set review_ratings = ${reviewRatingsSql(em)}`);
}

async function reviewProduct(em: Em, ctx: AuthedContext, productId: number, data: ReviewCreateData): Promise<Review> {
  // The product row stays locked until commit, so reviews of one cap are written one at a time: the
  // duplicate check sees any review committed just before, and the rating is counted over all of them.
  const product = await em.findOne(ProductSchema, { id: productId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!product) throw new DomainError('NOT_FOUND', REVIEW_TEXT.productNotFound);
  const delivered = await em.count(OrderItemSchema, {
    product: product.id,
    order: { user: ctx.user.id, status: { $in: DELIVERED } },
  });
  if (delivered === 0) throw new DomainError('NOT_DELIVERED', REVIEW_TEXT.notDelivered);
  if (await em.count(ReviewSchema, { user: ctx.user.id, product: product.id })) {
    throw new DomainError('ALREADY_REVIEWED', REVIEW_TEXT.alreadyReviewed);
  }
  const review = em.create(ReviewSchema, {
    user: ctx.user,
    product,
    // Recorded with the product so the shop's rating counts it without a join.
    vendor: product.vendor,
    rating: data.rating,
    comment: data.comment,
    verifiedPurchase: true,
  });
  await em.flush();
  await refreshProductRating(em, product.id);
  return review;
}

async function reviewShop(em: Em, ctx: AuthedContext, vendorId: number, data: ReviewCreateData): Promise<Review> {
  const vendor = await em.findOne(VendorSchema, { id: vendorId });
  if (!vendor) throw new DomainError('NOT_FOUND', REVIEW_TEXT.shopNotFound);
  // Shop reviews are unique per reviewer, so locking the reviewer's row makes two at once take turns.
  await em.findOne(UserSchema, { id: ctx.user.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  const delivered = await em.count(OrderSchema, { user: ctx.user.id, vendor: vendor.id, status: { $in: DELIVERED } });
  if (delivered === 0) throw new DomainError('NOT_DELIVERED', REVIEW_TEXT.shopNotDelivered);
  if (await em.count(ReviewSchema, { user: ctx.user.id, vendor: vendor.id, product: null })) {
    throw new DomainError('ALREADY_REVIEWED', REVIEW_TEXT.shopAlreadyReviewed);
  }
  const review = em.create(ReviewSchema, {
    user: ctx.user,
    product: null,
    vendor,
    rating: data.rating,
    comment: data.comment,
    verifiedPurchase: true,
  });
  await em.flush();
  return review;
}

/**
 * A customer's review of a cap they received, or of a shop that delivered to them; one each. The
 * review, the product's rating columns and the shop's message (new_review) are written together or not
 * at all.
 */
export async function createReview(ctx: AuthedContext, data: ReviewCreateData): Promise<ReviewDto> {
  const review = await ctx.em.transactional(async (em) => {
    const made =
      data.target.kind === 'product'
        ? await reviewProduct(em, ctx, data.target.id, data)
        : await reviewShop(em, ctx, data.target.id, data);
    await reviewPosted(em, ctx.services, made.id);
    return made;
  });
  return toReviewDto(review);
}
