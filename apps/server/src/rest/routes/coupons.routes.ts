import { couponsService } from '@caps/api';
import { CouponCheckDto, CouponCheckInput } from '@caps/contracts';
import type { RestRoute } from '../define.js';
import { route } from '../define.js';

export const couponsRoutes: RestRoute[] = [
  route({
    method: 'POST',
    path: '/coupons/validate',
    summary:
      "Check a coupon code against the cart's items (product_id, quantity) before checkout: 'Invalid coupon' (422) unless it exists, has not expired, is not used up and (for a shop's coupon) matches a shop in the cart.",
    tag: 'Coupons',
    auth: 'public',
    input: CouponCheckInput,
    output: CouponCheckDto,
    handler: (ctx, input) => couponsService.checkCoupon(ctx, input),
  }),
] as RestRoute[];
