import { formatKobo } from '@caps/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { DashboardSection } from '@/components/dashboard-section';
import { ListPager } from '@/components/list-pager';
import { formatDateTime } from '@/components/order-status';
import { QueryView } from '@/components/query-view';
import { ADMIN_QUERY_CACHE } from '@/lib/query-cache';
import { useTRPC } from '@/lib/trpc';
import { AdminTable, Cell } from './admin-table';

const COLUMNS = ['Who', 'What', 'Target', 'When'] as const;

/** The server's action names in words; an action this list does not know yet shows as recorded. */
const ACTION_LABELS: Record<string, string> = {
  'vendor.verify': 'Verified a shop',
  'vendor.suspend': 'Suspended a shop',
  'vendor.reinstate': 'Reinstated a shop',
  'user.suspend': 'Suspended an account',
  'user.reinstate': 'Reinstated an account',
  'product.update': 'Edited a product',
  'product.archive': 'Archived a product',
  'report.status': 'Changed a report status',
  'contact.handled': 'Handled a contact message',
};

const TARGET_LABELS: Record<string, string> = {
  user: 'User',
  vendor: 'Shop',
  product: 'Product',
  report: 'Report',
  contact_message: 'Message',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function shown(value: unknown): string {
  return ['string', 'number', 'boolean'].includes(typeof value) ? String(value) : '';
}

/** One changed field, e.g. 'price: ₦12,000 → ₦15,000' (prices are recorded in kobo). */
function describeChange(field: string, change: unknown): string | null {
  if (!isRecord(change)) return null;
  if (field === 'priceKobo' && typeof change.from === 'number' && typeof change.to === 'number')
    return `price: ${formatKobo(change.from)} → ${formatKobo(change.to)}`;
  return `${field}: ${shown(change.from)} → ${shown(change.to)}`;
}

/** What an entry's details say: a status move, the changed fields, or the names it recorded. */
function describeDetails(details: Record<string, unknown> | null): string | null {
  if (!details) return null;
  if (typeof details.from === 'string' && typeof details.to === 'string') return `${details.from} → ${details.to}`;
  const parts = isRecord(details.changes)
    ? Object.entries(details.changes).map(([field, change]) => describeChange(field, change))
    : Object.entries(details).map(([key, value]) =>
        shown(value) ? `${key.replaceAll('_', ' ')}: ${shown(value)}` : null,
      );
  const described = parts.filter((part): part is string => part !== null);
  return described.length > 0 ? described.join(', ') : null;
}

/** Audit Log: who did what to which record and when, newest first. */
export function AuditLogTab() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const log = useQuery({
    ...trpc.admin.auditLog.queryOptions({ page }, ADMIN_QUERY_CACHE),
    placeholderData: keepPreviousData,
  });

  return (
    <DashboardSection title="Audit Log" description="Every admin action, newest first.">
      <QueryView
        query={log}
        loading="Loading the audit log..."
        failed="Failed to load the audit log"
        empty={{ icon: ScrollText, title: 'No admin actions yet', when: (data) => data.data.length === 0 }}
      >
        {(data) => (
          <>
            <AdminTable caption="Audit log" columns={COLUMNS} minWidth="min-w-[40rem]">
              {data.data.map((entry) => {
                const details = describeDetails(entry.details);
                return (
                  <tr key={entry.id}>
                    <Cell>
                      <p className="font-semibold">{entry.actor?.name ?? 'Deleted account'}</p>
                      {entry.actor ? <p className="text-xs text-muted-foreground">{entry.actor.email}</p> : null}
                    </Cell>
                    <Cell>
                      <p>{ACTION_LABELS[entry.action] ?? entry.action}</p>
                      {details ? <p className="text-xs break-words text-muted-foreground">{details}</p> : null}
                    </Cell>
                    <Cell className="whitespace-nowrap">
                      {TARGET_LABELS[entry.target_type] ?? entry.target_type}
                      {entry.target_id === null ? '' : ` #${entry.target_id}`}
                    </Cell>
                    <Cell className="whitespace-nowrap">
                      <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
                    </Cell>
                  </tr>
                );
              })}
            </AdminTable>
            <ListPager page={data.current_page} lastPage={data.last_page} onPage={setPage} />
          </>
        )}
      </QueryView>
    </DashboardSection>
  );
}
