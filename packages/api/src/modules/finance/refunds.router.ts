import { GoodwillRefundInput, PagedRefundsDto, RefundDto, RefundsQuery } from '@caps/contracts';
import { checkedOutput } from '../../checked-output.js';
import { adminProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as refunds from './refunds.service.js';

const STATUSES =
  'Statuses: pending (written, not sent to Paystack yet), processing (sent, waiting for the outcome), processed (the money is on its way back to the buyer) and failed (nothing was refunded: the order can be refunded again).';

/** Every refund and the goodwill refund (admin.refunds.list, admin.refunds.goodwill). */
export const adminRefundsRouter = router({
  list: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/admin/refunds',
        tag: 'Admin',
        summary: `Every refund to a buyer, newest first, with its order (null for a whole refund of a late or second payment), amounts in naira (items_amount + shipping_amount), kind, reason, who started it, Paystack's refund id and the payment refunded; status filter. ${STATUSES} Paged: page (from 1) and per_page (1-500, default 100); answers data, current_page, last_page, per_page, total.`,
      },
    })
    .input(RefundsQuery)
    .output(checkedOutput(PagedRefundsDto))
    .query(({ ctx, input }) => refunds.listRefunds(ctx, input)),
  goodwill: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/admin/orders/{id}/refund',
        tag: 'Admin',
        status: 201,
        errors: [404, 422],
        summary:
          "A goodwill refund of a paid order: amount (naira, up to 2 decimals) and a reason. The order's item money is refunded first, then its share of the checkout's shipping. 422 beyond what is left of the order (the message says how much is left) or for an order not paid. The shop bears the item part (less its commission): after the shop was paid out this can make its available balance negative, and later payouts wait until new credits cover it. Sent to Paystack at once; the answer is the refund (pending or processing). Recorded in the audit log.",
      },
    })
    .input(GoodwillRefundInput)
    .output(checkedOutput(RefundDto))
    .mutation(({ ctx, input }) => refunds.goodwillRefund(ctx, input)),
});
