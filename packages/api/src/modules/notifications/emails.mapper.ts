import type { EmailDetailDto, EmailSummaryDto } from '@caps/contracts';
import type { EmailMessage } from './notifications.entities.js';

/** The columns a list entry needs (not the rendered parts). */
export const EMAIL_SUMMARY_FIELDS = [
  'id',
  'kind',
  'toAddress',
  'subject',
  'status',
  'attempts',
  'lastError',
  'nextAttemptAt',
  'sentAt',
  'createdAt',
] as const;

type SummaryRow = Pick<EmailMessage, (typeof EMAIL_SUMMARY_FIELDS)[number]>;

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/** One outbox row as the Sent Email tab lists it. */
export function toEmailSummaryDto(row: SummaryRow): EmailSummaryDto {
  return {
    id: row.id,
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError ?? null,
    next_attempt_at: iso(row.nextAttemptAt),
    sent_at: iso(row.sentAt),
    created_at: row.createdAt.toISOString(),
  };
}

/** One outbox row with its rendered HTML and plain text, exactly as it is (or would be) sent. */
export function toEmailDetailDto(row: SummaryRow & Pick<EmailMessage, 'html' | 'text'>): EmailDetailDto {
  return { ...toEmailSummaryDto(row), html: row.html, text: row.text };
}
