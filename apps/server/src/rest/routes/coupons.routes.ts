import { couponsService, limitCall } from '@caps/api';
import {
  CouponCheckDto,
  CouponCheckInput,
  CouponCreateInput,
  CouponUpdateInput,
  IdParam,
  MessageDto,
  VendorCouponDto,
} from '@caps/contracts';
import { z } from 'zod';
import type { RestRoute } from '../define.js';
import { route } from '../define.js';

export const couponsRoutes: RestRoute[] = [
  route({
    method: 'POST',
    path: '/coupons/validate',
    summary:
      "Check a coupon code against the cart's items (product_id, quantity) before checkout: 'Invalid coupon' (422) unless it exists, has not expired, is not used up and (for a shop's coupon) matches a shop in the cart. Signed-in customers only; limited per account and per IP (429 with Retry-After).",
    tag: 'Coupons',
    auth: 'customer',
    input: CouponCheckInput,
    output: CouponCheckDto,
    errors: [429],
    handler: async (ctx, input) => {
      await limitCall(ctx, 'couponCheck', ctx.user.id);
      return couponsService.checkCoupon(ctx, input);
    },
  }),
  route({
    method: 'GET',
    path: '/coupons',
    summary: "The shop's own coupons, newest first, each with its state: Active, Expired or Used up.",
    tag: 'Coupons',
    auth: 'vendor',
    output: z.array(VendorCouponDto),
    handler: (ctx) => couponsService.listCoupons(ctx),
  }),
  route({
    method: 'POST',
    path: '/coupons',
    summary:
      'Creates a coupon of the shop: code (3-20 uppercase letters and digits, unique in the shop, else 409), description, discount (1-100 percent), usage_limit (1-10,000), expires_at (a future date).',
    tag: 'Coupons',
    auth: 'vendor',
    input: CouponCreateInput,
    output: VendorCouponDto,
    status: 201,
    errors: [409],
    handler: (ctx, input) => couponsService.createCoupon(ctx, input),
  }),
  route({
    method: 'PUT',
    path: '/coupons/{id}',
    summary: "Changes only the fields sent, with the same rules as creation. Another shop's coupon is 404.",
    tag: 'Coupons',
    auth: 'vendor',
    input: CouponUpdateInput,
    output: VendorCouponDto,
    errors: [404, 409],
    handler: (ctx, input) => couponsService.updateCoupon(ctx, input),
  }),
  route({
    method: 'DELETE',
    path: '/coupons/{id}',
    summary: "Deletes a coupon of the shop; orders that used it keep their discount. Another shop's coupon is 404.",
    tag: 'Coupons',
    auth: 'vendor',
    input: IdParam,
    output: MessageDto,
    errors: [404],
    handler: (ctx, input) => couponsService.removeCoupon(ctx, input.id),
  }),
] as RestRoute[];
