import { type AdminReportDto, REPORT_FILTERS, type ReportReason, type ReportStatus } from '@caps/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, Clock, Eye, Flag, ListChecks } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { DashboardSection, StatCard, StatGrid } from '@/components/dashboard-section';
import { EmptyState } from '@/components/load-states';
import { formatDate, statusLabel } from '@/components/order-status';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { StatusPill } from '@/components/ui/status-pill';
import { cn } from '@/lib/cn';
import { REPORT_STATUS_TONES } from '@/lib/finance-labels';
import { ADMIN_QUERY_CACHE } from '@/lib/query-cache';
import { useTRPC } from '@/lib/trpc';
import { useAdminActionFeedback } from './admin-queries';
import { AdminTable, Cell } from './admin-table';

const COLUMNS = ['Reporter', 'Vendor', 'Reason', 'Status', 'Date', 'Actions'] as const;

/** Spec 2: these reasons are highlighted as serious. */
const SERIOUS_REASONS: readonly ReportReason[] = ['Scam/Fraud', 'Fake products'];

const REPORT_COUNTS = [
  { key: 'pending', label: 'Pending', icon: Clock },
  { key: 'reviewed', label: 'Reviewed', icon: Eye },
  { key: 'resolved', label: 'Resolved', icon: CheckCircle2 },
  { key: 'total', label: 'Total', icon: ListChecks },
] as const;

type ReportFilter = (typeof REPORT_FILTERS)[number];

function isReportFilter(value: string): value is ReportFilter {
  return REPORT_FILTERS.some((filter) => filter === value);
}

interface ReportMove {
  to: ReportStatus;
  label: string;
  variant: 'default' | 'outline' | 'ghost';
}

function ReportActions({ report }: { report: AdminReportDto }) {
  const trpc = useTRPC();
  const feedback = useAdminActionFeedback();
  const setStatus = useMutation(
    trpc.reports.setStatus.mutationOptions(feedback('Report status updated', 'Failed to update report')),
  );
  // The moves open from where the report stands: a pending one is reviewed or resolved, a resolved one reopened.
  const moves: ReportMove[] =
    report.status === 'resolved'
      ? [{ to: 'pending', label: 'Reopen', variant: 'ghost' }]
      : [
          ...(report.status === 'pending'
            ? [{ to: 'reviewed', label: 'Mark Reviewed', variant: 'outline' } as const]
            : []),
          { to: 'resolved', label: 'Resolve', variant: 'default' },
        ];
  // The buttons are named by their words; which report they move is their description.
  const reportNoteId = useId();
  return (
    <div className="flex gap-2">
      <span id={reportNoteId} hidden>
        Report #{report.id}
      </span>
      {moves.map((move) => (
        <Button
          key={move.to}
          variant={move.variant}
          size="sm"
          disabled={setStatus.isPending}
          onClick={() => setStatus.mutate({ id: report.id, status: move.to })}
          aria-describedby={reportNoteId}
        >
          {move.label}
        </Button>
      ))}
    </div>
  );
}

/** Reports: what customers reported about shops, serious reasons first to the eye, each moved to reviewed or resolved. */
export function ReportsTab() {
  const trpc = useTRPC();
  const filterId = useId();
  const [filter, setFilter] = useState<ReportFilter>('all');
  const reports = useQuery({
    ...trpc.admin.reports.list.queryOptions({ status: filter }, ADMIN_QUERY_CACHE),
    placeholderData: keepPreviousData,
  });

  return (
    <DashboardSection title="Reports" description="Reports customers made about shops.">
      <QueryView query={reports} loading="Loading reports..." failed="Failed to load reports">
        {(data) => (
          <>
            <StatGrid label="Report counts">
              {REPORT_COUNTS.map(({ key, label, icon }) => (
                <li key={key}>
                  <StatCard label={label} icon={icon} value={data.counts[key]} />
                </li>
              ))}
            </StatGrid>
            <div className="flex w-full flex-col gap-2 sm:max-w-xs">
              <Label htmlFor={filterId}>Show</Label>
              <Select
                id={filterId}
                value={filter}
                onChange={(event) => {
                  if (isReportFilter(event.target.value)) setFilter(event.target.value);
                }}
              >
                {REPORT_FILTERS.map((value) => (
                  <option key={value} value={value}>
                    {value === 'all' ? 'All reports' : statusLabel(value)}
                  </option>
                ))}
              </Select>
            </div>
            {data.data.length === 0 ? (
              <EmptyState icon={Flag} title="No reports found" />
            ) : (
              <AdminTable caption="Reports" columns={COLUMNS} minWidth="min-w-[56rem]">
                {data.data.map((report) => {
                  const serious = SERIOUS_REASONS.includes(report.reason);
                  return (
                    <tr key={report.id} className={cn(serious && 'bg-destructive/5')}>
                      <Cell>{report.reporter?.full_name ?? 'Deleted account'}</Cell>
                      <Cell>
                        <Link
                          to={`/shop/${report.vendor.id}`}
                          className="font-semibold text-primary underline-offset-4 hover:underline"
                        >
                          {report.vendor.shop_name}
                        </Link>
                      </Cell>
                      <Cell className="max-w-72">
                        {serious ? (
                          <StatusPill tone="danger" className="gap-1">
                            <AlertTriangle className="size-3.5" aria-hidden="true" />
                            {report.reason}
                            <span className="sr-only"> (serious)</span>
                          </StatusPill>
                        ) : (
                          <span className="font-medium">{report.reason}</span>
                        )}
                        <p className="mt-1 line-clamp-2 text-xs text-muted-foreground" title={report.description}>
                          {report.description}
                        </p>
                      </Cell>
                      <Cell>
                        <StatusPill tone={REPORT_STATUS_TONES[report.status]}>{statusLabel(report.status)}</StatusPill>
                      </Cell>
                      <Cell className="whitespace-nowrap">{formatDate(report.created_at)}</Cell>
                      <Cell>
                        <ReportActions report={report} />
                      </Cell>
                    </tr>
                  );
                })}
              </AdminTable>
            )}
          </>
        )}
      </QueryView>
    </DashboardSection>
  );
}
