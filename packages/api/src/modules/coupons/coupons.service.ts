import type {
  CouponCheckDto,
  CouponCheckInput,
  CouponCreateInput,
  CouponUpdateInput,
  VendorCouponDto,
} from '@caps/contracts';
import { koboToNaira } from '@caps/contracts';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { z } from 'zod';
import { type AuthedContext, requireVendor, requireVerifiedVendor } from '../../access/roles.js';
import type { Context } from '../../context.js';
import type { Em } from '../../db/orm.js';
import { DomainError } from '../../errors.js';
import { ProductSchema } from '../catalogue/catalogue.entities.js';
import { listedShop } from '../catalogue/listed.js';
import { CheckoutSchema } from '../orders/orders.entities.js';
import { type Coupon, CouponSchema } from './coupons.entities.js';

export const INVALID_COUPON = 'Invalid coupon';
export const COUPON_USED_BY_YOU = 'You have already used this coupon as many times as it allows.';

/** A line as pricing sees it: whose shop, how much. */
export interface PricedLine {
  vendorId: number;
  unitPriceKobo: number;
  quantity: number;
}

/**
 * A coupon can be used now: not expired and, unless `usesTaken` is false, not used up. Checkout skips the
 * used-up test here: its conditional update decides, after the customer's superseded checkouts gave
 * their uses back.
 */
function usable(coupon: Coupon, usesTaken: boolean, now = new Date()): boolean {
  if (coupon.expiresAt && coupon.expiresAt <= now) return false;
  if (!usesTaken) return true;
  if (coupon.usageLimit !== null && coupon.usageLimit !== undefined && coupon.usedCount >= coupon.usageLimit)
    return false;
  return true;
}

const invalidCoupon = (field: string) =>
  new DomainError('INVALID_COUPON', INVALID_COUPON, { [field]: [INVALID_COUPON] });

/**
 * The coupon a code stands for, given the shops of the lines it would apply to. A platform coupon
 * (no shop) applies to everything; a shop's coupon only to that shop's lines, so it must match a shop
 * in the cart. Anything else is 'Invalid coupon' (422), never a silent zero discount.
 */
export async function findApplicableCoupon(
  em: Em,
  code: string,
  vendorIds: number[] | null,
  /** The input field the code came in, so the error names what the client sent. */
  field = 'coupon_code',
  { usesTaken = true }: { usesTaken?: boolean } = {},
): Promise<Coupon> {
  // A shop's coupon counts only while the shop sells: verified and its owner not suspended. A pending
  // or suspended shop's code reads as unknown, so a code check reveals nothing about such a shop.
  const candidates = await em.find(
    CouponSchema,
    { code, $or: [{ vendor: null }, { vendor: listedShop }] },
    { orderBy: { id: 'asc' } },
  );
  const fitting = candidates.filter(
    (c) => usable(c, usesTaken) && (!c.vendor || vendorIds === null || vendorIds.includes(c.vendor.id)),
  );
  // A shop's own coupon wins over a platform coupon of the same code.
  const coupon = fitting.find((c) => c.vendor) ?? fitting[0];
  if (!coupon) throw invalidCoupon(field);
  return coupon;
}

/**
 * Takes one use of the coupon for a checkout being placed, inside its transaction: a conditional update,
 * so however many checkouts race for the last use, one gets it. The customer's row must be locked by the
 * caller, so that customer's own checkouts take turns for the per-customer count. Throws 422 when the
 * coupon is used up ('Invalid coupon') or this customer has used it as often as it allows.
 */
export async function reserveCouponUse(em: Em, coupon: Coupon, userId: number): Promise<void> {
  if (coupon.perCustomerLimit !== null && coupon.perCustomerLimit !== undefined) {
    // Checkouts of this customer holding a use: paid, or unpaid and not released (a released one is failed).
    const holding = await em.count(CheckoutSchema, {
      user: userId,
      coupon: coupon.id,
      paymentStatus: { $in: ['pending', 'paid'] },
    });
    if (holding >= coupon.perCustomerLimit) {
      throw new DomainError('COUPON_LIMIT_PER_CUSTOMER', COUPON_USED_BY_YOU, { coupon_code: [COUPON_USED_BY_YOU] });
    }
  }
  if (!(await takeCouponUse(em, coupon.id))) throw invalidCoupon('coupon_code');
}

/** One use taken with a conditional update; false when the coupon is used up (or gone). */
export async function takeCouponUse(em: Em, couponId: number): Promise<boolean> {
  const taken = await em.execute<{ affectedRows: number }>(
    'update coupons set used_count = used_count + 1 where id = ? and (usage_limit is null or used_count < usage_limit)',
    [couponId],
    'run',
  );
  return taken.affectedRows === 1;
}

/** Gives back the use an unpaid checkout held, when it is released. */
export async function giveBackCouponUse(em: Em, couponId: number): Promise<void> {
  await em.execute('update coupons set used_count = used_count - 1 where id = ? and used_count > 0', [couponId], 'run');
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
    'code',
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

export const COUPON_NOT_FOUND = 'Coupon not found';
export const DUPLICATE_COUPON = 'You already have a coupon with this code.';
export const RESERVED_COUPON = 'This code is reserved by the platform.';
export const EXPIRY_IN_PAST = 'The expiry date must be in the future';

function stateOf(coupon: Coupon, now = new Date()): VendorCouponDto['state'] {
  if (coupon.expiresAt && coupon.expiresAt <= now) return 'Expired';
  if (coupon.usageLimit !== null && coupon.usageLimit !== undefined && coupon.usedCount >= coupon.usageLimit)
    return 'Used up';
  return 'Active';
}

export function toVendorCouponDto(coupon: Coupon): VendorCouponDto {
  return {
    id: coupon.id,
    code: coupon.code,
    description: coupon.description ?? null,
    discount: coupon.discountPercent,
    usage_limit: coupon.usageLimit ?? null,
    used_count: coupon.usedCount,
    per_customer_limit: coupon.perCustomerLimit ?? null,
    expires_at: coupon.expiresAt?.toISOString() ?? null,
    state: stateOf(coupon),
    created_at: coupon.createdAt.toISOString(),
    updated_at: coupon.updatedAt.toISOString(),
  };
}

/** A future expiry date, or a 422 on expires_at. */
function futureDate(value: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime()) || date <= new Date()) {
    throw new DomainError('VALIDATION', EXPIRY_IN_PAST, { expires_at: [EXPIRY_IN_PAST] });
  }
  return date;
}

/**
 * The code is neither a platform coupon's nor another of this shop's. A shop's coupon wins over a
 * platform coupon of the same code at checkout, so a shop naming one SAVE10 would quietly replace the
 * platform's discount on its caps.
 */
async function assertCodeFree(em: Em, vendorId: number, code: string, exceptId?: number): Promise<void> {
  if (await em.findOne(CouponSchema, { vendor: null, code })) {
    throw new DomainError('COUPON_CODE_TAKEN', RESERVED_COUPON, { code: [RESERVED_COUPON] });
  }
  const clash = await em.findOne(CouponSchema, {
    vendor: vendorId,
    code,
    ...(exceptId === undefined ? {} : { id: { $ne: exceptId } }),
  });
  if (clash) throw new DomainError('COUPON_CODE_TAKEN', DUPLICATE_COUPON, { code: [DUPLICATE_COUPON] });
}

/** Flushes, turning the unique (vendor, code) index firing under a race into the same 409. */
async function flushCoupon(em: Em): Promise<void> {
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) {
      throw new DomainError('COUPON_CODE_TAKEN', DUPLICATE_COUPON, { code: [DUPLICATE_COUPON] });
    }
    throw error;
  }
}

async function ownCoupon(em: Em, vendorId: number, id: number): Promise<Coupon> {
  const coupon = await em.findOne(CouponSchema, { id, vendor: vendorId });
  if (!coupon) throw new DomainError('NOT_FOUND', COUPON_NOT_FOUND);
  return coupon;
}

/** GET /coupons: the caller's shop's coupons, newest first. */
export async function listCoupons(ctx: AuthedContext): Promise<VendorCouponDto[]> {
  const vendor = await requireVendor(ctx);
  const coupons = await ctx.em.find(
    CouponSchema,
    { vendor: vendor.id },
    { orderBy: { createdAt: 'desc', id: 'desc' } },
  );
  return coupons.map(toVendorCouponDto);
}

/** POST /coupons: a coupon of the caller's shop; the code is unique within the shop. */
export async function createCoupon(
  ctx: AuthedContext,
  input: z.output<typeof CouponCreateInput>,
): Promise<VendorCouponDto> {
  const vendor = await requireVerifiedVendor(ctx);
  const em = ctx.em.fork() as Em;
  const expiresAt = futureDate(input.expires_at);
  await assertCodeFree(em, vendor.id, input.code);
  const coupon = em.create(CouponSchema, {
    vendor: vendor.id,
    code: input.code,
    description: input.description || null,
    discountPercent: input.discount,
    usageLimit: input.usage_limit,
    perCustomerLimit: input.per_customer_limit ?? null,
    usedCount: 0,
    expiresAt,
  });
  await flushCoupon(em);
  return toVendorCouponDto(coupon);
}

/** PUT /coupons/{id}: changes only the fields sent; another shop's coupon is 404. */
export async function updateCoupon(
  ctx: AuthedContext,
  input: z.output<typeof CouponUpdateInput>,
): Promise<VendorCouponDto> {
  const vendor = await requireVerifiedVendor(ctx);
  const em = ctx.em.fork() as Em;
  const coupon = await ownCoupon(em, vendor.id, input.id);
  if (input.code !== undefined && input.code !== coupon.code) {
    await assertCodeFree(em, vendor.id, input.code, coupon.id);
    coupon.code = input.code;
  }
  if (input.description !== undefined) coupon.description = input.description || null;
  if (input.discount !== undefined) coupon.discountPercent = input.discount;
  if (input.usage_limit !== undefined) coupon.usageLimit = input.usage_limit;
  if (input.per_customer_limit !== undefined) coupon.perCustomerLimit = input.per_customer_limit;
  if (input.expires_at !== undefined) coupon.expiresAt = futureDate(input.expires_at);
  await flushCoupon(em);
  return toVendorCouponDto(coupon);
}

/** DELETE /coupons/{id}: orders that used it keep their code and discount. */
export async function removeCoupon(ctx: AuthedContext, id: number): Promise<{ message: string }> {
  const vendor = await requireVerifiedVendor(ctx);
  const em = ctx.em.fork() as Em;
  const coupon = await ownCoupon(em, vendor.id, id);
  em.remove(coupon);
  await em.flush();
  return { message: 'Coupon deleted' };
}
