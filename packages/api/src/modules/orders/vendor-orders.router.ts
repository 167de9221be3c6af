import { VendorAdvanceOrderInput, VendorDashboardDto, VendorOrderDto } from '@caps/contracts';
import { z } from 'zod';
import { checkedOutput } from '../../checked-output.js';
import { vendorProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as vendorOrders from './vendor-orders.service.js';

const tag = 'Vendor';

export const vendorRouter = router({
  orders: vendorProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/vendor/orders',
        tag,
        summary: "The shop's orders, newest first: buyer, items, total in naira, payment status and status history.",
      },
    })
    .output(checkedOutput(z.array(VendorOrderDto)))
    .query(({ ctx }) => vendorOrders.listVendorOrders(ctx)),
  advanceOrder: vendorProcedure
    .meta({
      rest: {
        method: 'PUT',
        path: '/vendor/orders/{id}/status',
        tag,
        errors: [404, 409],
        summary:
          "Moves a paid order of the shop one step: pending → confirmed → shipped → delivered. Any other move (skipping, going back, cancelling, an unpaid, delivered or cancelled order) is 422; another shop's order is 404; a simultaneous change is 409. An optional note (at most 500 characters, a tracking number say) is kept in the status history and told to the customer with the change. Answers the updated order.",
      },
    })
    .input(VendorAdvanceOrderInput)
    .output(checkedOutput(VendorOrderDto))
    .mutation(({ ctx, input }) => vendorOrders.advanceOrder(ctx, input)),
  dashboard: vendorProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/vendor/dashboard',
        tag,
        summary:
          "The shop's figures: total_products (not archived), total_orders and total_revenue (paid orders less what was refunded of them, naira), pending_orders, completed_orders (delivered), growth of paid revenue month on month (percent null when last month had none) and the 10 latest events.",
      },
    })
    .output(checkedOutput(VendorDashboardDto))
    .query(({ ctx }) => vendorOrders.dashboard(ctx)),
});
