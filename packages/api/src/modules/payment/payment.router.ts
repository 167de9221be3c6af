import {
  PaymentCallbackDto,
  PaymentInitiateDto,
  PaymentInitiateInput,
  PaymentReferenceInput,
  PaymentVerifyDto,
  referenceOf,
} from '@caps/contracts';
import { requireRole, requireUser } from '../../access/roles.js';
import { checkedOutput } from '../../checked-output.js';
import { customerProcedure, publicProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as payment from './payment.service.js';

const tag = 'Payment';

/** The payment result page of the web app, for the reference the provider returned. */
function resultPage(input: PaymentReferenceInput): string {
  const reference = referenceOf(input);
  // Without a reference the result page says so and links to the orders.
  return `/payment/callback${reference ? `?reference=${encodeURIComponent(reference)}` : ''}`;
}

export const paymentRouter = router({
  initiate: customerProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/payment/initiate',
        example: { order_id: 41 },
        tag,
        errors: [404, 409],
        summary:
          "Start paying for the checkout of order_id (all its shops' orders at once). Answers the payment provider's url (authorization_url) and our reference. 409 OUT_OF_STOCK when a line placed unheld (past the hold share) sold out since checkout, CHECKOUT_EXPIRED when the checkout was released.",
      },
    })
    .input(PaymentInitiateInput)
    .output(checkedOutput(PaymentInitiateDto))
    .mutation(({ ctx, input }) => payment.initiatePayment(ctx, input.order_id)),
  /** The payer only: someone else's reference reads as unknown (its order ids are nobody else's business). */
  verify: customerProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/payment/verify',
        tag,
        errors: [404, 422],
        summary:
          "Verify a payment by reference with the provider and apply it once: { success, status, message, order_ids, retry_after? } (retry_after seconds while the payment is in progress). The payer only: another customer's reference is 404, like an unknown one.",
      },
    })
    .input(PaymentReferenceInput)
    .output(checkedOutput(PaymentVerifyDto))
    .query(({ ctx, input }) => payment.verifyPayment(ctx, referenceOf(input), ctx.user.id)),
  /**
   * The provider's return address: whoever holds the reference may have it checked and learns the
   * outcome only; the payer (with their token) gets the verify answer.
   */
  callback: publicProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/payment/callback',
        tag,
        optionalToken:
          "the payer's token gets the verify answer (order_ids, retry_after); an invalid or expired token is 401, another role's 403.",
        errors: [401, 403, 404, 422],
        redirect: {
          accept: 'text/html',
          description:
            'A request that accepts text/html (a browser) is sent on to the payment result page, /payment/callback?reference=',
          location: resultPage,
        },
        summary:
          "Where the provider returns the buyer (?reference= or ?trxref=). Browsers are sent on to the payment result page; API clients with the payer's token get the verify answer; without a token the payment is still verified and applied, and the answer is { success, status, message } only.",
      },
    })
    .input(PaymentReferenceInput)
    .output(checkedOutput(PaymentCallbackDto))
    .query(async ({ ctx, input }) => {
      const reference = referenceOf(input);
      if (ctx.request.authorization) {
        const { user } = await requireUser(ctx);
        requireRole(user, 'customer');
        return payment.verifyPayment(ctx, reference, user.id);
      }
      const { success, status, message } = await payment.verifyPayment(ctx, reference);
      return { success, status, message };
    }),
});
