import { CheckoutResultDto, IdParam, OrderCreateInput, OrderDto } from '@caps/contracts';
import { z } from 'zod';
import { checkedOutput } from '../../checked-output.js';
import { customerProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as orders from './orders.service.js';

const tag = 'Orders';

export const ordersRouter = router({
  create: customerProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/orders',
        example: {
          shipping_address: '12 Shehu Laminu Way, Maiduguri, Borno',
          coupon_code: 'SALLAH10',
          items: [{ product_id: 12, quantity: 2, size: '58' }],
        },
        tag,
        status: 201,
        errors: [404, 409],
        // REST clients retry with the standard header; it is the input's idempotency_key.
        headers: { 'idempotency-key': 'idempotency_key' },
        summary:
          'Check out: shipping_address, coupon_code, items [{product_id, quantity, size}]. Prices, discount and the ₦2,000 shipping come from the server; caps of several shops become one order per shop, paid together. Stock is held for 30 minutes while the unpaid holds of the cap stay within UNPAID_HOLD_SHARE_PERCENT (50) of its stock, at least 1; a line past that is placed unheld and takes its caps when paid (whoever pays first; 409 at payment/initiate, or a refund, when they sold out). An Idempotency-Key header makes retries answer the same orders. Answers the first order with order_ids.',
      },
    })
    .input(OrderCreateInput)
    .output(checkedOutput(CheckoutResultDto))
    .mutation(({ ctx, input }) => orders.placeOrder(ctx, input)),
  list: customerProcedure
    .meta({ rest: { method: 'GET', path: '/orders', tag, summary: "The caller's orders, newest first." } })
    .output(checkedOutput(z.array(OrderDto)))
    .query(({ ctx }) => orders.listOrders(ctx)),
  get: customerProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/orders/{id}',
        tag,
        summary: "One of the caller's orders (someone else's is 404).",
      },
    })
    .input(IdParam)
    .output(checkedOutput(OrderDto))
    .query(({ ctx, input }) => orders.getOrder(ctx, input.id)),
});
