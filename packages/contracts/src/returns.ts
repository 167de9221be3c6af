import { z } from 'zod';
import { paged, pagingFields } from './admin.js';
import { wholeNumber } from './catalogue.js';
import { decimalNumber, flag } from './fields.js';
import { requiredOr, VALIDATION_MESSAGES } from './messages.js';

/**
 * After the sale (issue 13, docs/returns.md): cancellations, returns and refunds. Money is naira in the API.
 */

/** Why a customer returns caps. The first three are the seller's fault: the refund then includes shipping. */
export const RETURN_REASONS = ['wrong_item', 'damaged', 'not_as_described', 'changed_mind', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const SELLER_FAULT_REASONS: readonly ReturnReason[] = ['wrong_item', 'damaged', 'not_as_described'];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  wrong_item: 'Wrong item',
  damaged: 'Damaged',
  not_as_described: 'Not as described',
  changed_mind: 'Changed my mind',
  other: 'Other',
};

/** requested → approved | rejected; approved → received → refunded. */
export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'refunded'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** pending: written, not sent to Paystack yet; processing: sent; processed: money on its way back; failed. */
export const REFUND_STATUSES = ['pending', 'processing', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const REFUND_KINDS = ['cancellation', 'return', 'goodwill', 'duplicate_payment', 'late_payment'] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];

export const RETURNS_TEXT = {
  reasonRequired: 'A reason is required',
  reasonLength: 'reason must be 3 to 500 characters',
  returnReason: `reason must be one of: ${RETURN_REASONS.join(', ')}`,
  noItems: 'Choose at least one item to return',
  noteRequired: 'A note is required to reject a return',
  decision: 'decision must be approved or rejected',
  amountNumber: 'amount must be a number',
  amountPositive: 'amount must be more than 0',
  amountDecimals: 'amount may have at most 2 decimals',
} as const;

const recordId = (field = 'id') => wholeNumber(field, 1, 2_147_483_647);
const reasonText = z
  .string({ error: RETURNS_TEXT.reasonRequired })
  .trim()
  .min(1, RETURNS_TEXT.reasonRequired)
  .min(3, RETURNS_TEXT.reasonLength)
  .max(500, RETURNS_TEXT.reasonLength);

// ---------------------------------------------------------------------------------------------------------
// Inputs

/** POST /orders/{id}/cancel: the customer's own order, not shipped yet; a reason is optional. */
export const OrderCancelInput = z
  .object({ id: recordId(), reason: z.string().trim().max(500, RETURNS_TEXT.reasonLength).optional() })
  .strict();
export type OrderCancelInput = z.input<typeof OrderCancelInput>;

/** POST /vendor/orders/{id}/cancel: a paid order the shop cannot fulfil; the customer is told the reason. */
export const VendorOrderCancelInput = z.object({ id: recordId(), reason: reasonText }).strict();
export type VendorOrderCancelInput = z.input<typeof VendorOrderCancelInput>;

/** POST /orders/{id}/returns: some or all items of a delivered order, within the return window. */
export const ReturnRequestInput = z
  .object({
    id: recordId(),
    items: z
      .array(
        z.object({ order_item_id: recordId('order_item_id'), quantity: wholeNumber('quantity', 1, 10_000) }).strict(),
        {
          error: RETURNS_TEXT.noItems,
        },
      )
      .min(1, RETURNS_TEXT.noItems)
      .max(50),
    // Spec 5's words: a reason not picked is required; details are text of 10 to 1000 characters.
    reason: z.enum(RETURN_REASONS, { error: requiredOr(RETURNS_TEXT.returnReason) }),
    details: z
      .string({ error: VALIDATION_MESSAGES.required })
      .trim()
      .min(1, VALIDATION_MESSAGES.required)
      .min(10, VALIDATION_MESSAGES.minLength(10))
      .max(1000, VALIDATION_MESSAGES.maxLength(1000)),
  })
  .strict();
export type ReturnRequestInput = z.input<typeof ReturnRequestInput>;

/** PUT /vendor/returns/{id} and PUT /admin/returns/{id}: approve, or reject with a note. */
export const ReturnDecisionInput = z
  .object({
    id: recordId(),
    decision: z.enum(['approved', 'rejected'], { error: RETURNS_TEXT.decision }),
    note: z.string().trim().max(500, 'note may be at most 500 characters').optional(),
  })
  .strict()
  .refine((input) => input.decision === 'approved' || (input.note ?? '').length > 0, {
    message: RETURNS_TEXT.noteRequired,
    path: ['note'],
  });
export type ReturnDecisionInput = z.input<typeof ReturnDecisionInput>;

/** POST /vendor/returns/{id}/received (and the admin's): restock puts the caps back on sale. */
export const ReturnReceivedInput = z.object({ id: recordId(), restock: flag }).strict();
export type ReturnReceivedInput = z.input<typeof ReturnReceivedInput>;

/** POST /admin/orders/{id}/refund: a goodwill refund, never more than what is left of the order. */
export const GoodwillRefundInput = z
  .object({
    id: recordId(),
    amount: decimalNumber(RETURNS_TEXT.amountNumber, (number) =>
      number
        .positive(RETURNS_TEXT.amountPositive)
        .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, RETURNS_TEXT.amountDecimals),
    ).describe('Naira, at most 2 decimals; at most what is left of the order to refund (checked by the server)'),
    reason: reasonText,
  })
  .strict();
export type GoodwillRefundInput = z.input<typeof GoodwillRefundInput>;

/** GET /returns, /vendor/returns, /admin/returns, /admin/refunds: paged, newest first, by status. */
export const ReturnsQuery = z
  .object({
    ...pagingFields,
    status: z.enum(RETURN_STATUSES, { error: `status must be one of: ${RETURN_STATUSES.join(', ')}` }).optional(),
  })
  .strict();
export type ReturnsQuery = z.input<typeof ReturnsQuery>;
export const RefundsQuery = z
  .object({
    ...pagingFields,
    status: z.enum(REFUND_STATUSES, { error: `status must be one of: ${REFUND_STATUSES.join(', ')}` }).optional(),
  })
  .strict();
export type RefundsQuery = z.input<typeof RefundsQuery>;

// ---------------------------------------------------------------------------------------------------------
// Answers

const actor = z.object({ user_id: z.number().int(), name: z.string(), role: z.string() }).nullable();

export const RefundDto = z.object({
  id: z.number().int(),
  order_id: z.number().int().nullable(),
  /** Naira: items_amount + shipping_amount. */
  amount: z.number(),
  items_amount: z.number(),
  shipping_amount: z.number(),
  kind: z.enum(REFUND_KINDS),
  reason: z.string().nullable(),
  status: z.enum(REFUND_STATUSES),
  /** Paystack's refund id once sent. */
  provider_reference: z.string().nullable(),
  /** The payment refunded (our reference). */
  payment_reference: z.string(),
  initiated_by: actor,
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  processed_at: z.string().nullable(),
});
export type RefundDto = z.infer<typeof RefundDto>;
export const PagedRefundsDto = paged(RefundDto);
export type PagedRefundsDto = z.infer<typeof PagedRefundsDto>;

export const ReturnItemDto = z.object({
  order_item_id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  size: z.string(),
  quantity: z.number().int(),
  /** Naira the buyer paid for these caps (after the order's discount). */
  amount: z.number(),
});
export type ReturnItemDto = z.infer<typeof ReturnItemDto>;

export const ReturnDto = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  shop: z.object({ id: z.number().int(), shop_name: z.string() }),
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  status: z.enum(RETURN_STATUSES),
  reason: z.enum(RETURN_REASONS),
  details: z.string(),
  items: z.array(ReturnItemDto),
  /** Whether the refund includes the order's shipping share (the reason is the seller's fault). */
  includes_shipping: z.boolean(),
  decision_note: z.string().nullable(),
  decided_by: actor,
  decided_at: z.string().nullable(),
  received_at: z.string().nullable(),
  restocked: z.boolean().nullable(),
  refund: RefundDto.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReturnDto = z.infer<typeof ReturnDto>;
export const PagedReturnsDto = paged(ReturnDto);
export type PagedReturnsDto = z.infer<typeof PagedReturnsDto>;

/** What an order answer carries of its after-sale state (customer's order and the shop's view). */
export const OrderAfterSaleFields = {
  cancellation_reason: z.string().nullable(),
  /** Naira refunded or being refunded (failed refunds excluded). */
  refunded_amount: z.number(),
  /** Until when a return may be requested (null: not delivered, or no longer possible). */
  return_window_ends_at: z.string().nullable(),
  can_cancel: z.boolean(),
  /** Naira a cancellation now would refund: the item money left, and the checkout's shipping when this is its last open order. */
  cancel_refund_amount: z.number(),
  can_request_return: z.boolean(),
  refunds: z.array(RefundDto),
  returns: z.array(ReturnDto),
};
