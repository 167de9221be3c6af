import type { CouponCheckDto, CouponCheckInput } from '@caps/contracts';
import { koboToNaira } from '@caps/contracts';
import type { z } from 'zod';
import type { Context } from '../../context.js';
import type { Em } from '../../db/orm.js';
import { DomainError } from '../../errors.js';
import { ProductSchema } from '../catalogue/catalogue.entities.js';
import { type Coupon, CouponSchema } from './coupons.entities.js';

export const INVALID_COUPON = 'Invalid coupon';

/** A line as pricing sees it: whose shop, how much. */
export interface PricedLine {
  vendorId: number;
  unitPriceKobo: number;
  quantity: number;
}

/** A coupon can be used now: not expired, not used up. */
function usable(coupon: Coupon, now = new Date()): boolean {
  if (coupon.expiresAt && coupon.expiresAt <= now) return false;
  if (coupon.usageLimit !== null && coupon.usageLimit !== undefined && coupon.usedCount >= coupon.usageLimit)
    return false;
  return true;
}

/**
 * The coupon a code stands for, given the shops of the lines it would apply to. A platform coupon
 * (no shop) applies to everything; a shop's coupon only to that shop's lines, so it must match a shop
 * in the cart. Anything else is 'Invalid coupon' (422), never a silent zero discount.
 */
export async function findApplicableCoupon(em: Em, code: string, vendorIds: number[] | null): Promise<Coupon> {
  const candidates = await em.find(CouponSchema, { code }, { orderBy: { id: 'asc' } });
  const fitting = candidates.filter(
    (c) => usable(c) && (!c.vendor || vendorIds === null || vendorIds.includes(c.vendor.id)),
  );
  // A shop's own coupon wins over a platform coupon of the same code.
  const coupon = fitting.find((c) => c.vendor) ?? fitting[0];
  if (!coupon) throw new DomainError('VALIDATION', INVALID_COUPON, { coupon_code: [INVALID_COUPON] });
  return coupon;
}

/** Kobo off these lines: the percentage of the lines the coupon covers, rounded down. */
export function discountOf(coupon: Coupon, lines: PricedLine[]): number {
  const covered = lines
    .filter((line) => !coupon.vendor || line.vendorId === coupon.vendor.id)
    .reduce((sum, line) => sum + line.unitPriceKobo * line.quantity, 0);
  return Math.floor((covered * coupon.discountPercent) / 100);
}

/** POST /coupons/validate: lets the cart show the discount before checkout, with checkout's rules. */
export async function checkCoupon(ctx: Context, input: z.output<typeof CouponCheckInput>): Promise<CouponCheckDto> {
  const items = input.items ?? [];
  const products = items.length
    ? await ctx.em.find(ProductSchema, { id: { $in: items.map((i) => i.product_id) }, archivedAt: null })
    : [];
  const byId = new Map(products.map((p) => [p.id, p]));
  const lines: PricedLine[] = items.flatMap((item) => {
    const product = byId.get(item.product_id);
    return product ? [{ vendorId: product.vendor.id, unitPriceKobo: product.priceKobo, quantity: item.quantity }] : [];
  });
  const coupon = await findApplicableCoupon(
    ctx.em,
    input.code,
    items.length ? [...new Set(lines.map((l) => l.vendorId))] : null,
  );
  return {
    valid: true,
    code: coupon.code,
    discount: coupon.discountPercent,
    vendor_id: coupon.vendor?.id ?? null,
    discount_amount: koboToNaira(discountOf(coupon, lines)),
    message: coupon.vendor
      ? `${coupon.discountPercent}% off this shop's caps`
      : `${coupon.discountPercent}% off your order`,
  };
}
