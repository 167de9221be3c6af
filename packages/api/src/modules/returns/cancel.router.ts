import { OrderCancelInput, OrderDto, VendorOrderCancelInput, VendorOrderDto } from '@caps/contracts';
import { checkedOutput } from '../../checked-output.js';
import { customerProcedure, vendorProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as cancellations from './cancel.service.js';

/** The customer's cancellation (orders.cancel). */
export const customerCancelRouter = router({
  cancel: customerProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/orders/{id}/cancel',
        tag: 'Orders',
        errors: [404, 409],
        summary:
          "Cancels one of the caller's orders not shipped yet (pending or confirmed), with an optional reason: its caps go back on sale. A paid order is refunded to the card it was paid with: its items, and the ₦2,000 shipping once every order of its checkout is cancelled (refunds[] shows the refund and its status). An unpaid order's checkout is cancelled whole (its orders are paid together), nothing to refund. A shipped, delivered, returned or already cancelled order is 422 ORDER_NOT_CANCELLABLE; someone else's is 404; a change at the same time is 409. Answers the updated order.",
      },
    })
    .input(OrderCancelInput)
    .output(checkedOutput(OrderDto))
    .mutation(({ ctx, input }) => cancellations.cancelAsCustomer(ctx, input)),
});

/** The shop's cancellation of a paid order it cannot fulfil (vendor.cancelOrder). */
export const vendorCancelRouter = router({
  cancelOrder: vendorProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/vendor/orders/{id}/cancel',
        tag: 'Vendor',
        errors: [404, 409],
        summary:
          "Cancels a paid order of the shop that it cannot fulfil, not shipped yet (pending or confirmed); reason (3-500 characters) is required and shown to the customer. Same effects as the customer's cancellation: caps back in stock, the order's payment refunded, the shop's pending credit reversed. An unpaid, shipped, delivered or already cancelled order is 422 ORDER_NOT_CANCELLABLE; another shop's order is 404; a shop pending verification is 403. Answers the updated order.",
      },
    })
    .input(VendorOrderCancelInput)
    .output(checkedOutput(VendorOrderDto))
    .mutation(({ ctx, input }) => cancellations.cancelAsShop(ctx, input)),
});
