import { type ReportDto, UI_TEXT } from '@caps/contracts';
import { useQuery } from '@tanstack/react-query';
import { Flag, RefreshCw, Store } from 'lucide-react';
import { useId } from 'react';
import { DashboardSection } from '@/components/dashboard-section';
import { EmptyState } from '@/components/load-states';
import { formatDate, statusLabel } from '@/components/order-status';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { StatusPill } from '@/components/ui/status-pill';
import { cn } from '@/lib/cn';
import { REPORT_STATUS_TONES } from '@/lib/finance-labels';
import { DASHBOARD_CACHE } from '@/lib/query-cache';
import { useTRPC } from '@/lib/trpc';
import { VendorProfileLoader } from './account-profile-loader';
import { useForgetRefusedSession } from './use-vendor-profile';

/**
 * Reports: what customers reported about the shop (spec 6: a vendor views reports about itself), newest
 * first, with the reason, the details, where the admin has taken it and the date; never who reported.
 * A shop still pending verification sees its reports too.
 */
export function ReportsTab() {
  return (
    <VendorProfileLoader loadingLabel="Loading reports..." failureTitle="Failed to load reports">
      {(user) =>
        user.vendor ? (
          <ShopReports vendorId={user.vendor.id} />
        ) : (
          <DashboardSection title="Reports">
            <EmptyState icon={Store} title="No shop yet" description="Reports about your shop will show here." />
          </DashboardSection>
        )
      }
    </VendorProfileLoader>
  );
}

function ShopReports({ vendorId }: { vendorId: number }) {
  const trpc = useTRPC();
  const reports = useQuery(trpc.reports.forVendor.queryOptions({ vendor_id: vendorId }, DASHBOARD_CACHE));
  useForgetRefusedSession(reports.error);
  const refreshing = reports.isFetching && !reports.isPending;

  return (
    <DashboardSection
      title="Reports"
      description="What customers reported about your shop. An admin reviews each report; who sent it is not shown."
      actions={
        <Button
          variant="outline"
          onClick={() => void reports.refetch()}
          disabled={reports.isFetching}
          aria-busy={refreshing}
        >
          <RefreshCw className={cn(refreshing && 'animate-spin')} aria-hidden="true" />
          Refresh
        </Button>
      }
    >
      <QueryView
        query={reports}
        loading="Loading reports..."
        failed="Failed to load reports"
        failedReason={UI_TEXT.errorLoadingData}
        empty={{
          icon: Flag,
          title: 'No reports about your shop',
          description: 'When a customer reports your shop to the marketplace, the report shows here.',
          when: (data) => data.length === 0,
        }}
      >
        {(data) => (
          <ul aria-label="Reports about your shop" className="flex flex-col gap-4">
            {data.map((report) => (
              <li key={report.id}>
                <ReportCard report={report} />
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </DashboardSection>
  );
}

function ReportCard({ report }: { report: ReportDto }) {
  const headingId = useId();
  return (
    <Card role="group" aria-labelledby={headingId} className="flex flex-col gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-semibold break-words">
          {report.reason}
        </h3>
        <StatusPill tone={REPORT_STATUS_TONES[report.status]}>{statusLabel(report.status)}</StatusPill>
        <span className="text-sm text-muted-foreground">
          <time dateTime={report.created_at}>{formatDate(report.created_at)}</time>
        </span>
      </div>
      <p className="text-sm break-words whitespace-pre-line">{report.description}</p>
    </Card>
  );
}
