import type { AdminEmailsDto, AdminEmailsQuery, EmailDetailDto, EmailStatus } from '@caps/contracts';
import type { z } from 'zod';
import type { AuthedContext } from '../../access/roles.js';
import type { Em } from '../../db/orm.js';
import { DomainError } from '../../errors.js';
import { containsAny, newestPage } from '../admin/admin.mapper.js';
import { recordAdminAction } from '../admin/audit.js';
import { EMAIL_SUMMARY_FIELDS, toEmailDetailDto, toEmailSummaryDto } from './emails.mapper.js';
import { type EmailMessage, EmailMessageSchema } from './notifications.entities.js';
import { markEmailsWritten } from './outbox.js';

/** The outbox as admins see it: the Sent Email tab (docs/notifications.md). */

export const EMAIL_TEXT = {
  notFound: 'Email not found',
  notConfigured: 'Email sending is not configured (SMTP_URL).',
  onlyFailed: (status: EmailStatus) =>
    `Only a failed email can be retried; this one is ${
      {
        pending: 'still waiting to be sent',
        sent: 'already sent',
        failed: 'failed',
        kept: 'kept without sending (no SMTP_URL when it was written)',
      }[status]
    }.`,
} as const;

/** GET /admin/emails: newest first, by status and kind, searched in the address and the subject. */
export async function list(ctx: AuthedContext, query: z.output<typeof AdminEmailsQuery>): Promise<AdminEmailsDto> {
  const qb = ctx.em.createQueryBuilder(EmailMessageSchema, 'e').select([...EMAIL_SUMMARY_FIELDS]);
  if (query.status) qb.andWhere({ status: query.status });
  if (query.kind) qb.andWhere({ kind: query.kind });
  const [rows, page] = await newestPage(qb, containsAny(['e.to_address', 'e.subject'], query.search), query);
  return { data: rows.map(toEmailSummaryDto), ...page };
}

async function findEmail(em: Em, id: number): Promise<EmailMessage> {
  const row = await em.findOne(EmailMessageSchema, { id }, { disableIdentityMap: true });
  if (!row) throw new DomainError('NOT_FOUND', EMAIL_TEXT.notFound);
  return row;
}

/** GET /admin/emails/{id}: one email with its HTML and plain-text parts. */
export async function get(ctx: AuthedContext, id: number): Promise<EmailDetailDto> {
  return toEmailDetailDto(await findEmail(ctx.em, id));
}

/**
 * POST /admin/emails/{id}/retry: a failed email goes back to the outbox for a new round of tries (from
 * now, attempts from 0; its last error stays until the next try), audited in the same transaction.
 */
export async function retry(ctx: AuthedContext, id: number): Promise<EmailDetailDto> {
  const { services } = ctx;
  await ctx.em.transactional(async (em) => {
    const row = await findEmail(em, id);
    if (!services.mailer) throw new DomainError('VALIDATION', EMAIL_TEXT.notConfigured);
    if (row.status !== 'failed') throw new DomainError('VALIDATION', EMAIL_TEXT.onlyFailed(row.status));
    const changed = await em.nativeUpdate(
      EmailMessageSchema,
      { id, status: 'failed' },
      { status: 'pending', attempts: 0, nextAttemptAt: services.clock.now(), lockedUntil: null, claim: null },
    );
    // Another admin's retry came first: the row is pending already.
    if (changed !== 1) throw new DomainError('VALIDATION', EMAIL_TEXT.onlyFailed('pending'));
    // The commit wakes this process's outbox worker, as a new email's does.
    markEmailsWritten(em);
    recordAdminAction(em, ctx, 'email.retry', 'email', id, {
      to: row.toAddress,
      subject: row.subject,
      kind: row.kind,
      attempts: row.attempts,
      last_error: row.lastError ?? null,
    });
  });
  return get(ctx, id);
}
