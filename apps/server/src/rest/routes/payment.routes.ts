import { paymentService, requireRole, requireUser } from '@caps/api';
import { wholeNumber } from '@caps/contracts';
import { z } from 'zod';
import type { RestRoute } from '../define.js';
import { route } from '../define.js';

const ReferenceQuery = z.object({
  reference: z.string().trim().min(1, 'reference is required').max(64).optional(),
  trxref: z.string().trim().min(1).max(64).optional(),
});
const referenceOf = (input: z.output<typeof ReferenceQuery>) => input.reference ?? input.trxref ?? '';

const VerifyDto = z.object({
  success: z.boolean(),
  status: z.enum(['paid', 'pending', 'failed']),
  message: z.string(),
  reference: z.string(),
  order_ids: z.array(z.number().int()),
  retry_after: z.number().int().optional(),
});
/** The callback without a token: the outcome only, nothing of what was bought. */
const CallbackDto = VerifyDto.partial({ reference: true, order_ids: true, retry_after: true });

export const paymentRoutes: RestRoute[] = [
  route({
    method: 'POST',
    path: '/payment/initiate',
    summary:
      "Start paying for the checkout of order_id (all its shops' orders at once). Answers the payment provider's url (authorization_url) and our reference.",
    tag: 'Payment',
    auth: 'customer',
    input: z.object({ order_id: wholeNumber('order_id', 1, 2_147_483_647) }).strict(),
    output: z.object({ url: z.string(), authorization_url: z.string(), reference: z.string(), amount: z.number() }),
    errors: [404, 409],
    handler: (ctx, input) => paymentService.initiatePayment(ctx, input.order_id),
  }),
  route({
    method: 'GET',
    path: '/payment/verify',
    summary:
      "Verify a payment by reference with the provider and apply it once: { success, status, message, order_ids, retry_after? } (retry_after seconds while the payment is in progress). The payer only: another customer's reference is 404, like an unknown one.",
    tag: 'Payment',
    auth: 'customer',
    input: ReferenceQuery,
    output: VerifyDto,
    errors: [404, 422],
    handler: (ctx, input) => paymentService.verifyPayment(ctx, referenceOf(input), ctx.user.id),
  }),
  route({
    method: 'GET',
    path: '/payment/callback',
    summary:
      "Where the provider returns the buyer (?reference= or ?trxref=). Browsers are sent on to the payment result page; API clients with the payer's token get the verify answer; without a token the payment is still verified and applied, and the answer is { success, status, message } only.",
    tag: 'Payment',
    auth: 'public',
    input: ReferenceQuery,
    output: CallbackDto,
    redirect:
      'A request that accepts text/html (a browser) is sent on to the payment result page, /payment/callback?reference=',
    errors: [401, 403, 404, 422],
    handler: async (ctx, input, { request, reply }) => {
      const reference = referenceOf(input);
      if ((request.headers.accept ?? '').includes('text/html')) {
        // Without a reference the result page says so and links to the orders.
        const query = reference ? `?reference=${encodeURIComponent(reference)}` : '';
        return reply.redirect(`/payment/callback${query}`, 303);
      }
      if (request.headers.authorization) {
        const { user } = await requireUser(ctx);
        requireRole(user, 'customer');
        return paymentService.verifyPayment(ctx, reference, user.id);
      }
      // The provider's return address: whoever holds the reference may have it checked, and learns the outcome only.
      const { success, status, message } = await paymentService.verifyPayment(ctx, reference);
      return { success, status, message };
    },
  }),
] as RestRoute[];
