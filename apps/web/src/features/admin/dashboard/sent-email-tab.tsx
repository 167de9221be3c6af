import { EMAIL_STATUSES, type EmailStatus, NOTIFICATION_KIND_INFO } from '@caps/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Info, MailX } from 'lucide-react';
import { useId, useState } from 'react';
import { formatDateTime } from '@/components/order-status';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { ADMIN_QUERY_CACHE } from '@/lib/query-cache';
import { useTRPC } from '@/lib/trpc';
import { AdminTable, Cell, ViewCell } from './admin-table';
import { EmailDetailDialog } from './email-detail-dialog';
import { EMAIL_STATUS_OPTIONS, EmailStatusBadge } from './email-status';
import { SearchableList, useListControls } from './list-controls';

const COLUMNS = ['To', 'Subject', 'Kind', 'Status', 'Attempts', 'Created', 'Actions'] as const;

const isEmailStatus = (value: string): value is EmailStatus => EMAIL_STATUSES.some((status) => status === value);

/** Whether SMTP is configured, as the newest email tells: a kept one was written with no SMTP_URL. */
function useSmtpMissing(): boolean {
  const trpc = useTRPC();
  const newest = useQuery(trpc.admin.emails.list.queryOptions({ page: 1, per_page: 1 }, ADMIN_QUERY_CACHE));
  return newest.data?.data[0]?.status === 'kept';
}

function StatusFilter({ value, onChange }: { value: EmailStatus | ''; onChange: (value: EmailStatus | '') => void }) {
  const id = useId();
  return (
    <div className="flex w-full flex-col gap-2 sm:max-w-xs">
      <Label htmlFor={id}>Status</Label>
      <Select
        id={id}
        value={value}
        onChange={(event) => onChange(isEmailStatus(event.target.value) ? event.target.value : '')}
      >
        <option value="">All statuses</option>
        {EMAIL_STATUSES.map((status) => (
          <option key={status} value={status}>
            {EMAIL_STATUS_OPTIONS[status]}
          </option>
        ))}
      </Select>
    </div>
  );
}

/**
 * Sent Email: every email the platform wrote (the outbox), newest first, with its delivery state; a row opens
 * what was (or would be) sent. Without SMTP_URL emails are kept here and never sent, and the tab says so.
 */
export function SentEmailTab() {
  const trpc = useTRPC();
  const list = useListControls();
  const [status, setStatus] = useState<EmailStatus | ''>('');
  const emails = useQuery({
    ...trpc.admin.emails.list.queryOptions(status ? { ...list.input, status } : list.input, ADMIN_QUERY_CACHE),
    placeholderData: keepPreviousData,
  });
  const smtpMissing = useSmtpMissing();
  const [viewing, setViewing] = useState<number | null>(null);

  return (
    <SearchableList
      title="Sent Email"
      description="Every email the marketplace wrote, newest first: sent, waiting for another try, failed, or kept."
      search={{ label: 'Search emails', placeholder: 'Address or subject' }}
      controls={list}
      query={emails}
      loading="Loading emails..."
      failed="Failed to load emails"
      empty={{ icon: MailX, title: status ? 'No emails with this status' : 'No emails yet' }}
      filters={
        <StatusFilter
          value={status}
          onChange={(next) => {
            setStatus(next);
            list.setPage(1);
          }}
        />
      }
      notice={
        smtpMissing ? (
          <p className="flex items-start gap-2 rounded-lg border border-blue-300 bg-blue-50 px-3 py-2 text-sm text-blue-950">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            SMTP is not configured: emails are kept here and not sent.
          </p>
        ) : null
      }
      dialogs={<EmailDetailDialog emailId={viewing} onClose={() => setViewing(null)} />}
    >
      {(items) => (
        <AdminTable caption="Emails" columns={COLUMNS} minWidth="min-w-[56rem]">
          {items.map((email) => (
            <tr key={email.id}>
              <Cell className="min-w-40 break-all">{email.to}</Cell>
              <Cell className="min-w-48">
                <span id={`email-subject-${email.id}`} className="font-semibold break-words">
                  {email.subject}
                </span>
              </Cell>
              <Cell className="text-muted-foreground">{NOTIFICATION_KIND_INFO[email.kind].label}</Cell>
              <Cell>
                <EmailStatusBadge status={email.status} />
              </Cell>
              <Cell className="tabular-nums">{email.attempts}</Cell>
              <Cell className="whitespace-nowrap">
                <time dateTime={email.created_at}>{formatDateTime(email.created_at)}</time>
              </Cell>
              <ViewCell onView={() => setViewing(email.id)} describedBy={`email-subject-${email.id}`} />
            </tr>
          ))}
        </AdminTable>
      )}
    </SearchableList>
  );
}
