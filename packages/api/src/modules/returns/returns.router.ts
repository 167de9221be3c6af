import {
  PagedReturnsDto,
  ReturnDecisionInput,
  ReturnDto,
  ReturnReceivedInput,
  ReturnRequestInput,
  ReturnsQuery,
} from '@caps/contracts';
import { checkedOutput } from '../../checked-output.js';
import { adminProcedure, customerProcedure, vendorProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as returns from './returns.service.js';

const PAGING =
  'Paged, newest first: page (from 1), per_page (1-500, default 100) and status (requested, approved, rejected, received, refunded); answers data, current_page, last_page, per_page, total.';
const FLOW =
  "A return goes requested → approved | rejected → refunded (received and its refund created in one step; received alone when nothing was left to refund). The refund (items, and the order's shipping share when the reason is wrong_item, damaged or not_as_described) is sent to Paystack after receipt; its status is on the return.";
const DECIDE =
  'decision approved or rejected; a note is required to reject (422 otherwise). Rejecting puts the order back to delivered. Repeating the decision in force answers the return unchanged.';
const RECEIVE =
  'Marks an approved return received (restock: the caps go back into stock), moves the order to returned and creates the refund; other statuses are 422, a simultaneous change 409. Answers the return with its refund.';

/** The customer's return request (orders.requestReturn). */
export const customerReturnRequestRouter = router({
  requestReturn: customerProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/orders/{id}/returns',
        tag: 'Orders',
        status: 201,
        errors: [404, 409, 422],
        summary: `Asks to return some or all caps of the caller's delivered order within its return window (RETURN_WINDOW_CLOSED 422 after it): items [{order_item_id, quantity}] (each item once, at most what was bought less what earlier returns took), reason (wrong_item, damaged, not_as_described, changed_mind, other) and details (10-1000 characters). One open return per order (409). The order becomes return_requested and the shop's credit for it stays pending while the return is open. ${FLOW}`,
      },
    })
    .input(ReturnRequestInput)
    .output(checkedOutput(ReturnDto))
    .mutation(({ ctx, input }) => returns.requestReturn(ctx, input)),
});

/** The customer's returns (returns.list). */
export const returnsRouter = router({
  list: customerProcedure
    .meta({
      rest: { method: 'GET', path: '/returns', tag: 'Orders', summary: `The caller's returns. ${PAGING}` },
    })
    .input(ReturnsQuery)
    .output(checkedOutput(PagedReturnsDto))
    .query(({ ctx, input }) => returns.listMine(ctx, input)),
});

/** The shop's returns: list, decide, mark received (vendor.returns, vendor.decideReturn, vendor.receiveReturn). */
export const vendorReturnsRouter = router({
  returns: vendorProcedure
    .meta({
      rest: { method: 'GET', path: '/vendor/returns', tag: 'Vendor', summary: `The returns of the shop. ${PAGING}` },
    })
    .input(ReturnsQuery)
    .output(checkedOutput(PagedReturnsDto))
    .query(({ ctx, input }) => returns.listForVendor(ctx, input)),
  decideReturn: vendorProcedure
    .meta({
      rest: {
        method: 'PUT',
        path: '/vendor/returns/{id}',
        tag: 'Vendor',
        errors: [404, 409, 422],
        summary: `Approves or rejects a requested return of the shop (verified shops only; another shop's return is 404; a return already decided is 422: only an admin may change a decision). ${DECIDE}`,
      },
    })
    .input(ReturnDecisionInput)
    .output(checkedOutput(ReturnDto))
    .mutation(({ ctx, input }) => returns.decideAsVendor(ctx, input)),
  receiveReturn: vendorProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/vendor/returns/{id}/received',
        tag: 'Vendor',
        errors: [404, 409, 422],
        summary: `${RECEIVE} Verified shops only; another shop's return is 404.`,
      },
    })
    .input(ReturnReceivedInput)
    .output(checkedOutput(ReturnDto))
    .mutation(({ ctx, input }) => returns.receiveAsVendor(ctx, input)),
});

/** Every return for admins (admin.returns.list, admin.returns.decide, admin.returns.receive). */
export const adminReturnsRouter = router({
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/admin/returns', tag: 'Admin', summary: `Every return. ${PAGING}` } })
    .input(ReturnsQuery)
    .output(checkedOutput(PagedReturnsDto))
    .query(({ ctx, input }) => returns.listAll(ctx, input)),
  decide: adminProcedure
    .meta({
      rest: {
        method: 'PUT',
        path: '/admin/returns/{id}',
        tag: 'Admin',
        errors: [404, 409, 422],
        summary: `Decides a return instead of its shop, or overrules the shop's decision (approved ↔ rejected) while the return is not received. ${DECIDE} Recorded in the audit log.`,
      },
    })
    .input(ReturnDecisionInput)
    .output(checkedOutput(ReturnDto))
    .mutation(({ ctx, input }) => returns.decideAsAdmin(ctx, input)),
  receive: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/admin/returns/{id}/received',
        tag: 'Admin',
        errors: [404, 409, 422],
        summary: `${RECEIVE} Recorded in the audit log.`,
      },
    })
    .input(ReturnReceivedInput)
    .output(checkedOutput(ReturnDto))
    .mutation(({ ctx, input }) => returns.receiveAsAdmin(ctx, input)),
});
