import type { EmailStatus } from '@caps/contracts';
import { type PillTone, StatusPill } from '@/components/ui/status-pill';

/** What each outbox status is called in the Sent Email tab. */
export const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = {
  sent: 'Sent',
  pending: 'Pending',
  failed: 'Failed',
  kept: 'Kept',
};

/** The longer wording of the status filter: "kept" means never sent. */
export const EMAIL_STATUS_OPTIONS: Record<EmailStatus, string> = {
  ...EMAIL_STATUS_LABELS,
  kept: 'Kept (not sent: SMTP not configured)',
};

const TONES: Record<EmailStatus, PillTone> = { sent: 'success', pending: 'warning', failed: 'danger', kept: 'info' };

export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  return <StatusPill tone={TONES[status]}>{EMAIL_STATUS_LABELS[status]}</StatusPill>;
}
