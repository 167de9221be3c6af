import { z } from 'zod';
import { wholeNumber } from './catalogue.js';
import { REPORT_REASONS, REPORT_STATUSES } from './constants.js';
import { boundedText } from './fields.js';
import { VALIDATION_MESSAGES } from './messages.js';

/** Texts of reviews and shop reports (spec 5 and 8), said the same way by the server and the client. */
export const REVIEW_TEXT = {
  notDelivered: 'You can review a cap after it has been delivered to you.',
  shopNotDelivered: 'You can review a shop after an order from it has been delivered to you.',
  alreadyReviewed: 'You have already reviewed this cap.',
  shopAlreadyReviewed: 'You have already reviewed this shop.',
  oneTarget: 'Review either a cap (product_id) or a shop (vendor_id), one of the two.',
  productNotFound: 'Product not found',
  shopNotFound: 'Vendor not found',
  submitted: 'Review submitted',
} as const;

export const REPORT_TEXT = {
  reason: 'Please choose a reason',
  status: `Status must be one of: ${REPORT_STATUSES.join(', ')}`,
  alreadyReported: 'You have already reported this shop; we are looking into it.',
  shopNotFound: 'Vendor not found',
  notFound: 'Report not found',
  submitted: 'Report submitted',
} as const;

/**
 * JSON numbers as they are, and numbers written as text (forms, query strings, path parameters) as
 * numbers. Anything else is left alone so it fails: `z.coerce` would turn `true` into 1 and `""` or
 * `null` into 0, which for an id or a rating means silently acting on something nobody asked for.
 */
const numberOrNumericText = (value: unknown) =>
  typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;

/** A row id: a whole number from 1, with a message naming the field. */
const recordId = (field: string) => wholeNumber(field, 1, 2_147_483_647);

/** Stars from 1 to 5; every wrong value (0, 6, 2.5, "x", missing) reads the spec's one message. */
const ratingField = z.preprocess(
  numberOrNumericText,
  z
    .number({ error: VALIDATION_MESSAGES.rating })
    .int(VALIDATION_MESSAGES.rating)
    .min(1, VALIDATION_MESSAGES.rating)
    .max(5, VALIDATION_MESSAGES.rating),
);

/**
 * POST /reviews: a cap (product_id) or a shop (vendor_id), exactly one of them. `null` counts as not
 * sent, since a form that holds both fields sends the unused one as null.
 */
export const ReviewCreateInput = z
  .object({
    rating: ratingField,
    comment: boundedText(10, 500),
    product_id: recordId('product_id').nullish(),
    vendor_id: recordId('vendor_id').nullish(),
  })
  .strict()
  .superRefine((input, ctx) => {
    const targets = [input.product_id, input.vendor_id].filter((id) => id !== undefined && id !== null);
    if (targets.length !== 1) ctx.addIssue({ code: 'custom', path: [], message: REVIEW_TEXT.oneTarget });
  })
  .transform(({ product_id, vendor_id, ...rest }) =>
    product_id !== undefined && product_id !== null
      ? { ...rest, target: { kind: 'product' as const, id: product_id } }
      : { ...rest, target: { kind: 'vendor' as const, id: vendor_id as number } },
  );
export type ReviewCreateInput = z.input<typeof ReviewCreateInput>;
export type ReviewCreateData = z.output<typeof ReviewCreateInput>;

/** POST /reports: a customer reports a shop with one of the spec's reasons and some details. */
export const ReportCreateInput = z
  .object({
    vendor_id: recordId('vendor_id'),
    reason: z.enum(REPORT_REASONS, { error: REPORT_TEXT.reason }),
    /** Spec 5: the details must not be blank; no minimum length beyond that. */
    description: boundedText(1, 1000),
  })
  .strict();
export type ReportCreateInput = z.input<typeof ReportCreateInput>;
export type ReportCreateData = z.output<typeof ReportCreateInput>;

/** The reports about one shop (tRPC; REST has the id in the path, GET /vendors/{id}/reports). */
export const VendorReportsQuery = z.object({ vendor_id: recordId('vendor_id') });
export type VendorReportsQuery = z.input<typeof VendorReportsQuery>;

/** PUT /reports/{id}/status: an admin moves a report between pending, reviewed and resolved. */
export const ReportStatusInput = z
  .object({
    id: recordId('id'),
    status: z.enum(REPORT_STATUSES, { error: REPORT_TEXT.status }),
  })
  .strict();
export type ReportStatusInput = z.input<typeof ReportStatusInput>;
export type ReportStatusData = z.output<typeof ReportStatusInput>;

export const ReportDto = z.object({
  id: z.number().int(),
  vendor_id: z.number().int(),
  reason: z.enum(REPORT_REASONS),
  description: z.string(),
  status: z.enum(REPORT_STATUSES),
  created_at: z.string(),
  /**
   * Who reported: shown to admins only (null once the reporter's account is gone; the report stays). Absent
   * in the reported shop's own view, so a shop cannot go after the customers who reported it.
   */
  reporter: z.object({ id: z.number().int(), full_name: z.string() }).nullable().optional(),
});
export type ReportDto = z.infer<typeof ReportDto>;
