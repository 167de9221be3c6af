import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { UserSchema } from '../auth/auth.entities.js';

/** A customer's saved shipping address (spec 3 keeps these locally; we keep them on the server). */
export const AddressSchema = defineEntity({
  name: 'Address',
  tableName: 'addresses',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade').index(),
    fullName: p.string().length(50),
    address: p.string().length(200),
    city: p.string().length(100),
    state: p.string().length(100),
    postalCode: p.string().length(20),
    phone: p.string().length(20),
    isDefault: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type Address = InferEntity<typeof AddressSchema>;
