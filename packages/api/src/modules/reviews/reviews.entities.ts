import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { UserSchema } from '../auth/auth.entities.js';
import { ProductSchema } from '../catalogue/catalogue.entities.js';
import { VendorSchema } from '../vendors/vendors.entities.js';

/** A review of a product (its vendor is recorded too) or of a shop alone. */
export const ReviewSchema = defineEntity({
  name: 'Review',
  tableName: 'reviews',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(UserSchema).nullable().deleteRule('set null').index(),
    product: () => p.manyToOne(ProductSchema).nullable().deleteRule('cascade').index(),
    vendor: () => p.manyToOne(VendorSchema).nullable().deleteRule('cascade').index(),
    rating: p.integer(),
    comment: p.string().length(500),
    verifiedPurchase: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type Review = InferEntity<typeof ReviewSchema>;
