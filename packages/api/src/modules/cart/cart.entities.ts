import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { UserSchema } from '../auth/auth.entities.js';
import { ProductSchema } from '../catalogue/catalogue.entities.js';

const now = () => new Date();

export const CartItemSchema = defineEntity({
  name: 'CartItem',
  tableName: 'cart_items',
  uniques: [{ properties: ['user', 'product', 'size'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade'),
    product: () => p.manyToOne(ProductSchema).deleteRule('cascade').index(),
    size: p.string().length(20),
    quantity: p.integer(),
    createdAt: p.datetime().onCreate(now),
    updatedAt: p.datetime().onCreate(now).onUpdate(now),
  },
});
export type CartItem = InferEntity<typeof CartItemSchema>;
