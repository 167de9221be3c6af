import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { VendorSchema } from '../vendors/vendors.entities.js';

const now = () => new Date();

/** A percentage coupon. A coupon without a vendor is a platform coupon (SAVE10) and applies to every item. */
export const CouponSchema = defineEntity({
  name: 'Coupon',
  tableName: 'coupons',
  uniques: [{ properties: ['vendor', 'code'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    vendor: () => p.manyToOne(VendorSchema).nullable().deleteRule('cascade'),
    code: p.string().length(20).index(),
    description: p.string().length(255).nullable(),
    discountPercent: p.integer(),
    usageLimit: p.integer().nullable(),
    /**
     * Uses taken: one per checkout holding the coupon, paid or still within its 30 minutes. A checkout
     * released unpaid gives its use back, so this never passes usageLimit.
     */
    usedCount: p.integer().default(0),
    /** Checkouts one customer may hold with this coupon (paid, or unpaid and not released); null: no limit. */
    perCustomerLimit: p.integer().nullable(),
    expiresAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(now),
    updatedAt: p.datetime().onCreate(now).onUpdate(now),
  },
});
export type Coupon = InferEntity<typeof CouponSchema>;
