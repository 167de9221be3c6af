import { reportsService, reviewsService } from '@caps/api';
import {
  IdParam,
  ReportCreateInput,
  ReportDto,
  ReportStatusInput,
  ReviewCreateInput,
  ReviewDto,
} from '@caps/contracts';
import { z } from 'zod';
import { route } from '../define.js';

/** What customers say about caps and shops: reviews (written here, read in catalogue.routes) and reports. */
export const reportsRoutes = [
  route({
    method: 'POST',
    path: '/reviews',
    summary:
      'Review a cap (product_id) or a shop (vendor_id), exactly one, with rating (whole, 1-5) and comment (10-500 characters). Customers only; needs a delivered order with that cap or from that shop; one review per cap and per shop. Answers the review.',
    tag: 'Reviews',
    auth: 'customer',
    input: ReviewCreateInput,
    output: ReviewDto,
    status: 201,
    errors: [403, 404, 409],
    handler: (ctx, input) => reviewsService.createReview(ctx, input),
  }),
  route({
    method: 'POST',
    path: '/reports',
    summary:
      'Report a shop (vendor_id) with a reason (Fake products, Poor quality, Misleading information, Poor customer service, Inappropriate content, Scam/Fraud, Other) and a description (10-1000 characters). Customers only; one open report per shop until an admin resolves it.',
    tag: 'Reports',
    auth: 'customer',
    input: ReportCreateInput,
    output: ReportDto,
    status: 201,
    errors: [404, 409],
    handler: (ctx, input) => reportsService.createReport(ctx, input),
  }),
  route({
    method: 'GET',
    path: '/vendors/{id}/reports',
    summary:
      "Reports about a shop, newest first. The shop's own vendor (reason, description, status and dates; never who reported) or an admin (with the reporter) only.",
    tag: 'Reports',
    auth: 'user',
    input: IdParam,
    output: z.array(ReportDto),
    errors: [403, 404],
    handler: (ctx, input) => reportsService.listVendorReports(ctx, input.id),
  }),
  route({
    method: 'PUT',
    path: '/reports/{id}/status',
    summary: 'Set the status of a report: pending, reviewed or resolved. Admins only. Answers the report.',
    tag: 'Reports',
    auth: 'admin',
    input: ReportStatusInput,
    output: ReportDto,
    errors: [404],
    handler: (ctx, input) => reportsService.setReportStatus(ctx, input),
  }),
];
