import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { UserSchema } from '../auth/auth.entities.js';
import { ProductSchema } from '../catalogue/catalogue.entities.js';

export const WishlistEntrySchema = defineEntity({
  name: 'WishlistEntry',
  tableName: 'wishlist_entries',
  uniques: [{ properties: ['user', 'product'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade'),
    product: () => p.manyToOne(ProductSchema).deleteRule('cascade').index(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type WishlistEntry = InferEntity<typeof WishlistEntrySchema>;
