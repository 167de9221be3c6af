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
import { customerProcedure, vendorProcedure } from '../../procedures.js';
import { limitCall } from '../../rate-limit.js';
import { router } from '../../trpc.js';
import * as coupons from './coupons.service.js';

export const couponsRouter = router({
  // Signed-in customers only, and counted: unthrottled checks let anyone guess a shop's codes.
  check: customerProcedure
    .input(CouponCheckInput)
    .output(CouponCheckDto)
    .query(async ({ ctx, input }) => {
      await limitCall(ctx, 'couponCheck', ctx.user.id);
      return coupons.checkCoupon(ctx, input);
    }),
  list: vendorProcedure.output(z.array(VendorCouponDto)).query(({ ctx }) => coupons.listCoupons(ctx)),
  create: vendorProcedure
    .input(CouponCreateInput)
    .output(VendorCouponDto)
    .mutation(({ ctx, input }) => coupons.createCoupon(ctx, input)),
  update: vendorProcedure
    .input(CouponUpdateInput)
    .output(VendorCouponDto)
    .mutation(({ ctx, input }) => coupons.updateCoupon(ctx, input)),
  remove: vendorProcedure
    .input(IdParam)
    .output(MessageDto)
    .mutation(({ ctx, input }) => coupons.removeCoupon(ctx, input.id)),
});
