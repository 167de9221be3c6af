import { vendorOrdersService } from '@caps/api';
import { VendorAdvanceOrderInput, VendorDashboardDto, VendorOrderDto } from '@caps/contracts';
import { z } from 'zod';
import type { RestRoute } from '../define.js';
import { route } from '../define.js';

export const vendorRoutes: RestRoute[] = [
  route({
    method: 'GET',
    path: '/vendor/dashboard',
    summary:
      "The shop's figures: total_products (not archived), total_orders and total_revenue (paid orders, naira), pending_orders, completed_orders (delivered), growth of paid revenue month on month (percent null when last month had none) and the 10 latest events.",
    tag: 'Vendor',
    auth: 'vendor',
    output: VendorDashboardDto,
    handler: (ctx) => vendorOrdersService.dashboard(ctx),
  }),
  route({
    method: 'GET',
    path: '/vendor/orders',
    summary: "The shop's orders, newest first: buyer, items, total in naira, payment status and status history.",
    tag: 'Vendor',
    auth: 'vendor',
    output: z.array(VendorOrderDto),
    handler: (ctx) => vendorOrdersService.listVendorOrders(ctx),
  }),
  route({
    method: 'PUT',
    path: '/vendor/orders/{id}/status',
    summary:
      "Moves a paid order of the shop one step: pending → confirmed → shipped → delivered. Any other move (skipping, going back, cancelling, an unpaid, delivered or cancelled order) is 422; another shop's order is 404; a simultaneous change is 409. Answers the updated order.",
    tag: 'Vendor',
    auth: 'vendor',
    input: VendorAdvanceOrderInput,
    output: VendorOrderDto,
    errors: [404, 409],
    handler: (ctx, input) => vendorOrdersService.advanceOrder(ctx, input),
  }),
] as RestRoute[];
