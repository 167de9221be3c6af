import {
  ADMIN_LIST_LIMIT,
  ADMIN_TEXT,
  type AdminContactMessageDto,
  type AdminContactMessagesDto,
  type AdminContactQuery,
  type AdminReportsDto,
  type AdminReportsQuery,
  REPORT_STATUSES,
} from '@caps/contracts';
import { raw } from '@mikro-orm/core';
import type { z } from 'zod';
import type { AuthedContext } from '../../access/roles.js';
import { DomainError } from '../../errors.js';
import { UserSchema } from '../auth/auth.entities.js';
import { type ContactMessage, ContactMessageSchema } from '../contact/contact.entities.js';
import { ReportSchema } from '../reports/reports.entities.js';
import { toReportDto } from '../reports/reports.service.js';
import { recordAdminAction } from './audit.js';

/**
 * What reaches the admins from outside: customers' reports about shops (their status is set through
 * reports.setStatus, PUT /reports/{id}/status) and messages sent from the contact page.
 */

/** GET /admin/reports: the newest reports (optionally of one status), with the count of each status. */
export async function listReports(
  ctx: AuthedContext,
  query: z.output<typeof AdminReportsQuery>,
): Promise<AdminReportsDto> {
  const [grouped, reports] = await Promise.all([
    ctx.em.execute<{ status: string; count: number | string }[]>(
      'select status, count(id) as count from reports group by status',
    ),
    ctx.em.find(ReportSchema, query.status === 'all' ? {} : { status: query.status }, {
      populate: ['reporter', 'vendor'],
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: ADMIN_LIST_LIMIT,
    }),
  ]);
  const counts = { pending: 0, reviewed: 0, resolved: 0, total: 0 };
  for (const row of grouped) {
    const status = REPORT_STATUSES.find((s) => s === row.status);
    if (status) counts[status] = Number(row.count);
    counts.total += Number(row.count);
  }
  return {
    counts,
    data: reports.map((report) => ({
      ...toReportDto(report),
      vendor: { id: report.vendor.id, shop_name: report.vendor.shopName },
    })),
  };
}

/** Expects `handledBy` loaded when set. */
function toContactDto(message: ContactMessage): AdminContactMessageDto {
  return {
    id: message.id,
    name: message.name,
    email: message.email,
    subject: message.subject,
    message: message.message,
    created_at: message.createdAt.toISOString(),
    handled_at: message.handledAt?.toISOString() ?? null,
    handled_by: message.handledBy ? { id: message.handledBy.id, name: message.handledBy.fullName } : null,
  };
}

const CONTACT_WHERE = {
  all: {},
  unhandled: { handledAt: null },
  handled: { handledAt: { $ne: null } },
} as const;

/** GET /admin/contact-messages: unhandled ones first, then newest first; with the unhandled count. */
export async function listContactMessages(
  ctx: AuthedContext,
  query: z.output<typeof AdminContactQuery>,
): Promise<AdminContactMessagesDto> {
  const [total, unhandled, messages] = await Promise.all([
    ctx.em.count(ContactMessageSchema, {}),
    ctx.em.count(ContactMessageSchema, { handledAt: null }),
    ctx.em.find(ContactMessageSchema, CONTACT_WHERE[query.status], {
      populate: ['handledBy'],
      orderBy: {
        [raw('case when handled_at is null then 0 else 1 end')]: 'asc',
        createdAt: 'desc',
        id: 'desc',
      },
      limit: ADMIN_LIST_LIMIT,
    }),
  ]);
  return { counts: { unhandled, total }, data: messages.map(toContactDto) };
}

/**
 * POST /admin/contact-messages/{id}/handled: records who handled it and when. A message already
 * handled keeps its first handler and time, and nothing more is recorded.
 */
export async function markContactHandled(ctx: AuthedContext, id: number): Promise<AdminContactMessageDto> {
  return ctx.em.transactional(async (em) => {
    const message = await em.findOne(ContactMessageSchema, { id }, { populate: ['handledBy'] });
    if (!message) throw new DomainError('NOT_FOUND', ADMIN_TEXT.contactNotFound);
    if (!message.handledAt) {
      message.handledAt = new Date();
      message.handledBy = em.getReference(UserSchema, ctx.user.id);
      recordAdminAction(em, ctx, 'contact.handled', 'contact_message', message.id, { subject: message.subject });
      await em.flush();
      await em.populate(message, ['handledBy']);
    }
    return toContactDto(message);
  });
}
