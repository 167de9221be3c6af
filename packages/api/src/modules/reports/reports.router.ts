import { ReportCreateInput, ReportDto, ReportStatusInput, VendorReportsQuery } from '@caps/contracts';
import { z } from 'zod';
import { adminProcedure, authedProcedure, customerProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as reports from './reports.service.js';

export const reportsRouter = router({
  create: customerProcedure
    .input(ReportCreateInput)
    .output(ReportDto)
    .mutation(({ ctx, input }) => reports.createReport(ctx, input)),
  /** The shop's own vendor or an admin; who may read is decided in the service (it needs the shop). */
  forVendor: authedProcedure
    .input(VendorReportsQuery)
    .output(z.array(ReportDto))
    .query(({ ctx, input }) => reports.listVendorReports(ctx, input.vendor_id)),
  setStatus: adminProcedure
    .input(ReportStatusInput)
    .output(ReportDto)
    .mutation(({ ctx, input }) => reports.setReportStatus(ctx, input)),
});
