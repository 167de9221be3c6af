import { ReportCreateInput, ReportDto, ReportStatusInput, VendorReportsQuery } from '@caps/contracts';
import { z } from 'zod';
import { checkedOutput } from '../../checked-output.js';
import { adminProcedure, customerProcedure, vendorOrAdminProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as reports from './reports.service.js';

const tag = 'Reports';

export const reportsRouter = router({
  create: customerProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/reports',
        tag,
        status: 201,
        errors: [404, 409],
        summary:
          'Report a shop (vendor_id) with a reason (Fake products, Poor quality, Misleading information, Poor customer service, Inappropriate content, Scam/Fraud, Other) and a description (10-1000 characters). Customers only; one open report per shop until an admin resolves it.',
      },
    })
    .input(ReportCreateInput)
    .output(checkedOutput(ReportDto))
    .mutation(({ ctx, input }) => reports.createReport(ctx, input)),
  /** The shop's own vendor or an admin; which shop a vendor may read is decided in the service (it needs the shop). */
  forVendor: vendorOrAdminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/vendors/{id}/reports',
        params: { id: 'vendor_id' },
        tag,
        errors: [403, 404],
        summary:
          "Reports about a shop, newest first. The shop's own vendor (reason, description, status and dates; never who reported) or an admin (with the reporter) only.",
      },
    })
    .input(VendorReportsQuery)
    .output(checkedOutput(z.array(ReportDto)))
    .query(({ ctx, input }) => reports.listVendorReports(ctx, input.vendor_id)),
  setStatus: adminProcedure
    .meta({
      rest: {
        method: 'PUT',
        path: '/reports/{id}/status',
        tag,
        errors: [404],
        summary: 'Set the status of a report: pending, reviewed or resolved. Admins only. Answers the report.',
      },
    })
    .input(ReportStatusInput)
    .output(checkedOutput(ReportDto))
    .mutation(({ ctx, input }) => reports.setReportStatus(ctx, input)),
});
