import { CheckoutQuoteDto, CheckoutQuoteInput } from '@caps/contracts';
import { answer } from '../../output-check.js';
import { customerProcedure } from '../../procedures.js';
import { limitCall } from '../../rate-limit.js';
import { router } from '../../trpc.js';
import * as checkout from './checkout.service.js';

// The document's Orders tag covers checkout.
const tag = 'Orders';

export const checkoutRouter = router({
  quote: customerProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/checkout/quote',
        example: { coupon_code: 'SALLAH10' },
        tag,
        errors: [404, 409, 429],
        summary:
          "What a checkout costs now, priced by the same code as POST /orders: without items the caller's cart, with items [{product_id, quantity, size}] those lines; coupon_code optional. Answers the lines grouped by shop (one order per shop), each shop's subtotal, discount, delivery_fee and total, then subtotal, discount, delivery_total and total, in naira. An empty cart answers an empty quote (zeros). A line that cannot be bought is 404/409 and a coupon that does not apply 422 'Invalid coupon', as at checkout; a quote with a coupon_code counts as a coupon check (429 with Retry-After past the limit).",
      },
    })
    .input(CheckoutQuoteInput)
    .output(answer(CheckoutQuoteDto))
    .query(async ({ ctx, input }) => {
      // A coupon's answer tells whether the code exists: counted like coupons.check, against guessing.
      if (input.coupon_code) await limitCall(ctx, 'couponCheck', ctx.user.id);
      return checkout.quoteCheckout(ctx, input);
    }),
});
