import { z } from 'zod';
import { wholeNumber } from './catalogue.js';

/** POST /payment/initiate: pay for the whole checkout of one of its orders. Unknown fields are refused. */
export const PaymentInitiateInput = z.object({ order_id: wholeNumber('order_id', 1, 2_147_483_647) }).strict();
export type PaymentInitiateInput = z.input<typeof PaymentInitiateInput>;

/** Where to send the payer (`url`, Paystack's `authorization_url` too) and our reference. */
export const PaymentInitiateDto = z.object({
  url: z.string(),
  authorization_url: z.string(),
  reference: z.string(),
  amount: z.number(),
});
export type PaymentInitiateDto = z.output<typeof PaymentInitiateDto>;

/**
 * GET /payment/verify and /payment/callback: our `reference`, or Paystack's `trxref` (the same value)
 * on its return address. Neither sent reads as a blank reference, which the service refuses by name.
 */
export const PaymentReferenceInput = z.object({
  reference: z.string().trim().min(1, 'reference is required').max(64).optional(),
  trxref: z.string().trim().min(1).max(64).optional(),
});
export type PaymentReferenceInput = z.input<typeof PaymentReferenceInput>;

/** The reference a verify or callback input names ('' when none). */
export const referenceOf = (input: { reference?: string | undefined; trxref?: string | undefined }): string =>
  input.reference ?? input.trxref ?? '';

/** The outcome of a payment; `retry_after` (seconds) while it is still in progress. */
export const PaymentVerifyDto = z.object({
  success: z.boolean(),
  status: z.enum(['paid', 'pending', 'failed']),
  message: z.string(),
  reference: z.string(),
  order_ids: z.array(z.number().int()),
  retry_after: z.number().int().optional(),
});
export type PaymentVerifyDto = z.output<typeof PaymentVerifyDto>;

/** The callback without the payer's token: the outcome only, nothing of what was bought. */
export const PaymentCallbackDto = PaymentVerifyDto.partial({ reference: true, order_ids: true, retry_after: true });
export type PaymentCallbackDto = z.output<typeof PaymentCallbackDto>;
