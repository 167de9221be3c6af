import type { Product } from '../../modules/catalogue/catalogue.entities.js';
import { ReviewSchema } from '../../modules/reviews/reviews.entities.js';
import type { Vendor } from '../../modules/vendors/vendors.entities.js';
import { REVIEW_COMMENTS, SHOP_REVIEW_COMMENTS } from '../demo-data/reviews.js';
import { DAY, HOUR, type Random } from '../random.js';
import type { SeedRun } from '../run.js';
import type { Delivery } from './checkouts.js';
import type { SeededCustomer } from './people.js';

function reviewComment(rand: Random, rating: 1 | 2 | 3 | 4 | 5, capName: string, city: string): string {
  return rand.pick(REVIEW_COMMENTS[rating]).replace('{cap}', capName).replace('{city}', city);
}

/**
 * Reviews by buyers of delivered caps (at most one per customer and cap, each cap's rating kept on it),
 * and a few shop reviews from customers a shop delivered to.
 */
export function seedReviews(
  run: SeedRun,
  customers: readonly SeededCustomer[],
  vendors: readonly Vendor[],
  delivered: readonly Delivery[],
): void {
  const { em, rand, now, count } = run;
  const ratings = new Map<Product, number[]>();
  const reviewed = new Set<string>();
  // Amina's latest delivered caps stay unreviewed, so the demo can write a review.
  const latestDemoDelivery = Math.max(...delivered.filter((d) => d.customer === 0).map((d) => d.deliveredAt.getTime()));
  for (const item of delivered) {
    const key = `${item.customer}:${item.line.product.id}`;
    if (reviewed.has(key)) continue;
    if (item.customer === 0 && item.deliveredAt.getTime() === latestDemoDelivery) continue;
    if (!rand.chance(0.75)) continue;
    reviewed.add(key);
    const rating = rand.weighted<1 | 2 | 3 | 4 | 5>([
      [5, 50],
      [4, 30],
      [3, 11],
      [2, 5],
      [1, 4],
    ]);
    const createdAt = new Date(Math.min(item.deliveredAt.getTime() + rand.between(0.5, 7) * DAY, now - HOUR));
    em.create(ReviewSchema, {
      user: customers[item.customer]!.user,
      product: item.line.product,
      vendor: vendors[item.shop]!,
      rating,
      comment: reviewComment(rand, rating, item.line.kind.name, customers[item.customer]!.seed.city),
      verifiedPurchase: true,
      createdAt,
    });
    ratings.set(item.line.product, [...(ratings.get(item.line.product) ?? []), rating]);
    count('reviews');
  }
  for (const [product, list] of ratings) {
    product.ratingCount = list.length;
    product.ratingAverage = list.reduce((a, b) => a + b, 0) / list.length;
  }

  // A few shop reviews (no product) from customers who received something from that shop.
  const shopReviewPairs = new Map<string, (typeof delivered)[number]>();
  for (const item of delivered) shopReviewPairs.set(`${item.customer}:${item.shop}`, item);
  const pairs = rand.sample([...shopReviewPairs.values()], SHOP_REVIEW_COMMENTS.length);
  pairs.forEach((item, index) => {
    const [rating, comment] = SHOP_REVIEW_COMMENTS[index]!;
    em.create(ReviewSchema, {
      user: customers[item.customer]!.user,
      product: null,
      vendor: vendors[item.shop]!,
      rating,
      comment,
      verifiedPurchase: true,
      createdAt: new Date(Math.min(item.deliveredAt.getTime() + 2 * DAY, now - HOUR)),
    });
    count('shopReviews');
  });
}
