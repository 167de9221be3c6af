import { ordersService } from '@caps/api';
import { CheckoutResultDto, IdParam, OrderCreateInput, OrderDto } from '@caps/contracts';
import { z } from 'zod';
import type { RestRoute } from '../define.js';
import { route } from '../define.js';

export const ordersRoutes: RestRoute[] = [
  route({
    method: 'POST',
    path: '/orders',
    summary:
      'Check out: shipping_address, coupon_code, items [{product_id, quantity, size}]. Prices, discount and the ₦2,000 shipping come from the server; caps of several shops become one order per shop, paid together. Stock is reserved for 30 minutes. An Idempotency-Key header makes retries answer the same orders. Answers the first order with order_ids.',
    tag: 'Orders',
    auth: 'customer',
    input: OrderCreateInput,
    output: CheckoutResultDto,
    status: 201,
    errors: [404, 409],
    handler: (ctx, input, { request }) => {
      const header = request.headers['idempotency-key'];
      const key = typeof header === 'string' && header.trim() ? header.trim().slice(0, 128) : undefined;
      return ordersService.placeOrder(ctx, input, key);
    },
  }),
  route({
    method: 'GET',
    path: '/orders',
    summary: "The caller's orders, newest first.",
    tag: 'Orders',
    auth: 'customer',
    output: z.array(OrderDto),
    handler: (ctx) => ordersService.listOrders(ctx),
  }),
  route({
    method: 'GET',
    path: '/orders/{id}',
    summary: "One of the caller's orders (someone else's is 404).",
    tag: 'Orders',
    auth: 'customer',
    input: IdParam,
    output: OrderDto,
    handler: (ctx, input) => ordersService.getOrder(ctx, input.id),
  }),
] as RestRoute[];
