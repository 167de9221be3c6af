import { CouponCheckDto, CouponCheckInput } from '@caps/contracts';
import { publicProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as coupons from './coupons.service.js';

export const couponsRouter = router({
  check: publicProcedure
    .input(CouponCheckInput)
    .output(CouponCheckDto)
    .query(({ ctx, input }) => coupons.checkCoupon(ctx, input)),
});
