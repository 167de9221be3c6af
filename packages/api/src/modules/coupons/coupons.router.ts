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
import { checkedOutput } from '../../checked-output.js';
import { customerProcedure, vendorProcedure } from '../../procedures.js';
import { limitCall } from '../../rate-limit.js';
import { router } from '../../trpc.js';
import * as coupons from './coupons.service.js';

const tag = 'Coupons';

export const couponsRouter = router({
  // Signed-in customers only, and counted: unthrottled checks let anyone guess a shop's codes.
  check: customerProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/coupons/validate',
        tag,
        errors: [429],
        summary:
          "Check a coupon code against the cart's items (product_id, quantity) before checkout: 'Invalid coupon' (422) unless it exists, has not expired, is not used up and (for a shop's coupon) matches a shop in the cart. Signed-in customers only; limited per account and per IP (429 with Retry-After).",
      },
    })
    .input(CouponCheckInput)
    .output(checkedOutput(CouponCheckDto))
    .query(async ({ ctx, input }) => {
      await limitCall(ctx, 'couponCheck', ctx.user.id);
      return coupons.checkCoupon(ctx, input);
    }),
  list: vendorProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/coupons',
        tag,
        summary: "The shop's own coupons, newest first, each with its state: Active, Expired or Used up.",
      },
    })
    .output(checkedOutput(z.array(VendorCouponDto)))
    .query(({ ctx }) => coupons.listCoupons(ctx)),
  create: vendorProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/coupons',
        example: {
          code: 'SALLAH10',
          description: 'Sallah week',
          discount: 10,
          usage_limit: 100,
          per_customer_limit: 1,
          expires_at: '2030-12-31',
        },
        tag,
        status: 201,
        errors: [409],
        summary:
          'Creates a coupon of the shop: code (3-20 uppercase letters and digits, unique in the shop, else 409), description, discount (1-100 percent), usage_limit (1-10,000), expires_at (a future date).',
      },
    })
    .input(CouponCreateInput)
    .output(checkedOutput(VendorCouponDto))
    .mutation(({ ctx, input }) => coupons.createCoupon(ctx, input)),
  update: vendorProcedure
    .meta({
      rest: {
        method: 'PUT',
        path: '/coupons/{id}',
        tag,
        errors: [404, 409],
        summary: "Changes only the fields sent, with the same rules as creation. Another shop's coupon is 404.",
      },
    })
    .input(CouponUpdateInput)
    .output(checkedOutput(VendorCouponDto))
    .mutation(({ ctx, input }) => coupons.updateCoupon(ctx, input)),
  remove: vendorProcedure
    .meta({
      rest: {
        method: 'DELETE',
        path: '/coupons/{id}',
        tag,
        errors: [404],
        summary: "Deletes a coupon of the shop; orders that used it keep their discount. Another shop's coupon is 404.",
      },
    })
    .input(IdParam)
    .output(checkedOutput(MessageDto))
    .mutation(({ ctx, input }) => coupons.removeCoupon(ctx, input.id)),
});
