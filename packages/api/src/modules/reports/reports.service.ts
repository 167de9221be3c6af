import {
  ERROR_MESSAGES,
  REPORT_TEXT,
  type ReportCreateData,
  type ReportDto,
  type ReportStatus,
  type ReportStatusData,
} from '@caps/contracts';
import { LockMode } from '@mikro-orm/core';
import { type AuthedContext, requireRole } from '../../access/roles.js';
import { DomainError } from '../../errors.js';
import { recordAdminAction } from '../admin/audit.js';
import { AuditLogSchema, UserSchema } from '../auth/auth.entities.js';
import { listedShop } from '../catalogue/listed.js';
import { reportCreated, reportResolved } from '../notifications/events/shops.js';
import { VendorSchema } from '../vendors/vendors.entities.js';
import { type Report, ReportSchema } from './reports.entities.js';

/** A report stays open, and blocks another one from the same customer about the same shop, until resolved. */
const OPEN_STATUSES: ReportStatus[] = ['pending', 'reviewed'];

/** What the reported shop may see of a report: what was reported and where it stands, not who reported it. */
function toShopReportDto(report: Report): ReportDto {
  return {
    id: report.id,
    vendor_id: report.vendor.id,
    reason: report.reason,
    description: report.description,
    status: report.status,
    created_at: report.createdAt.toISOString(),
  };
}

/** The whole report, reporter included, for admins and the reporter. Expects `reporter` loaded. */
export function toReportDto(report: Report): ReportDto {
  return {
    ...toShopReportDto(report),
    reporter: report.reporter ? { id: report.reporter.id, full_name: report.reporter.fullName } : null,
  };
}

/** A customer reports a listed shop; one open report per customer and shop. */
export async function createReport(ctx: AuthedContext, data: ReportCreateData): Promise<ReportDto> {
  const report = await ctx.em.transactional(async (em) => {
    // Only shops the public can see can be reported: an unverified or suspended shop reads as unknown.
    const vendor = await em.findOne(VendorSchema, { id: data.vendor_id, ...listedShop });
    if (!vendor) throw new DomainError('NOT_FOUND', REPORT_TEXT.shopNotFound);
    // The reporter's row stays locked until commit, so two reports sent at once take turns and the
    // second one sees the first.
    await em.findOne(UserSchema, { id: ctx.user.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const open = await em.count(ReportSchema, {
      reporter: ctx.user.id,
      vendor: vendor.id,
      status: { $in: OPEN_STATUSES },
    });
    if (open > 0) throw new DomainError('ALREADY_REPORTED', REPORT_TEXT.alreadyReported);
    const created = em.create(ReportSchema, {
      reporter: ctx.user,
      vendor,
      reason: data.reason,
      description: data.description,
      status: 'pending',
    });
    await em.flush();
    // Every active admin is told (new_report) with the report.
    await reportCreated(em, ctx.services, created.id);
    return created;
  });
  return toReportDto(report);
}

/**
 * Reports about a shop, newest first: for its own vendor (without the reporters: a shop must not learn
 * who reported it) and for admins (with them).
 */
export async function listVendorReports(ctx: AuthedContext, vendorId: number): Promise<ReportDto[]> {
  requireRole(ctx.user, 'vendor', 'admin');
  const vendor = await ctx.em.findOne(VendorSchema, { id: vendorId });
  if (!vendor) throw new DomainError('NOT_FOUND', REPORT_TEXT.shopNotFound);
  const isAdmin = ctx.user.role === 'admin';
  if (!isAdmin && vendor.user.id !== ctx.user.id) throw new DomainError('FORBIDDEN', ERROR_MESSAGES.forbidden);
  const reports = await ctx.em.find(
    ReportSchema,
    { vendor: vendor.id },
    { populate: isAdmin ? ['reporter'] : [], orderBy: { createdAt: 'desc', id: 'desc' } },
  );
  return reports.map(isAdmin ? toReportDto : toShopReportDto);
}

/**
 * An admin moves a report to pending, reviewed or resolved (the spec shows no fixed order of steps).
 * A change is audit-logged with it; setting the status it already has changes and records nothing.
 * Resolving tells the shop's owner.
 */
export async function setReportStatus(ctx: AuthedContext, data: ReportStatusData): Promise<ReportDto> {
  return ctx.em.transactional(async (em) => {
    const report = await em.findOne(ReportSchema, { id: data.id }, { populate: ['reporter'] });
    if (!report) throw new DomainError('NOT_FOUND', REPORT_TEXT.notFound);
    if (report.status !== data.status) {
      recordAdminAction(em, ctx, 'report.status', 'report', report.id, { from: report.status, to: data.status });
      report.status = data.status;
      await em.flush();
      if (data.status === 'resolved') {
        // The shop's owner is told (report_resolved). Each change of the report has its audit entry, so
        // their count tells this resolution from an earlier one (the report was reopened since).
        const changes = await em.count(AuditLogSchema, {
          action: 'report.status',
          targetType: 'report',
          targetId: report.id,
        });
        await reportResolved(em, ctx.services, report.id, String(changes));
      }
    }
    return toReportDto(report);
  });
}
