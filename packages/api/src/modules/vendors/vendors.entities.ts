import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { UserSchema } from '../auth/auth.entities.js';

const now = () => new Date();

/** A shop. Its owner is a user with role vendor; its public status follows the owner's status. */
export const VendorSchema = defineEntity({
  name: 'Vendor',
  tableName: 'vendors',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.oneToOne(UserSchema).owner().unique().deleteRule('cascade'),
    shopName: p.string().length(50),
    shopDescription: p.string().length(500),
    address: p.string().length(200),
    phone: p.string().length(20),
    accountHolderName: p.string().length(50),
    accountNumber: p.string().length(10),
    bankName: p.string().length(50),
    profileImage: p.string().length(100).nullable(),
    coverImage: p.string().length(100).nullable(),
    verifiedAt: p.datetime().nullable().index(),
    createdAt: p.datetime().onCreate(now),
    updatedAt: p.datetime().onCreate(now).onUpdate(now),
  },
});
export type Vendor = InferEntity<typeof VendorSchema>;
