import { wholeNumber } from '@caps/contracts';
import { z } from 'zod';
import { customerProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as payment from './payment.service.js';

export const paymentRouter = router({
  initiate: customerProcedure
    .input(z.object({ order_id: wholeNumber('order_id', 1, 2_147_483_647) }))
    .output(z.object({ url: z.string(), authorization_url: z.string(), reference: z.string(), amount: z.number() }))
    .mutation(({ ctx, input }) => payment.initiatePayment(ctx, input.order_id)),
  /** The payer only: someone else's reference reads as unknown (its order ids are nobody else's business). */
  verify: customerProcedure
    .input(z.object({ reference: z.string().trim().min(1).max(64) }))
    .query(({ ctx, input }) => payment.verifyPayment(ctx, input.reference, ctx.user.id)),
});
