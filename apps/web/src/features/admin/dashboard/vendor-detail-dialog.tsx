import { type AdminBankChangeDto, type AdminVendorDetailDto, ERROR_MESSAGES } from '@caps/contracts';
import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { BadgeCheck, ExternalLink, MessageSquare, PauseCircle, PlayCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { NoteField, noteInput } from '@/components/forms/note-field';
import { EmptyState } from '@/components/load-states';
import { formatDate, formatDateTime } from '@/components/order-status';
import { RatingStars } from '@/components/rating-stars';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ADMIN_QUERY_CACHE } from '@/lib/query-cache';
import { useTRPC } from '@/lib/trpc';
import { retryOnceUnlessNotFound, useAdminActionFeedback } from './admin-queries';
import { DetailList, OrderSummaryList, RecordDialog } from './record-dialog';
import { VendorStatusPill } from './vendor-status';

function VendorReviews({ vendor }: { vendor: AdminVendorDetailDto }) {
  return (
    <div className="flex flex-col gap-4">
      {/* Without reviews the server reports the default rating; no stars are shown for it. */}
      {vendor.total_reviews > 0 ? (
        <RatingStars rating={vendor.average_rating} reviewCount={vendor.total_reviews} size="md" />
      ) : null}
      {vendor.reviews.length === 0 ? (
        <EmptyState icon={MessageSquare} title="No reviews yet" />
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-card border border-border">
          {vendor.reviews.map((review) => (
            <li key={review.id} className="flex flex-col gap-1 px-4 py-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm font-semibold">{review.user?.full_name ?? 'Anonymous User'}</p>
                <RatingStars rating={review.rating} hideValue />
              </div>
              <p className="text-xs text-muted-foreground">
                {review.product_name ? `On ${review.product_name}` : 'On the shop'} · {formatDate(review.created_at)}
              </p>
              <p className="text-sm break-words">{review.comment}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** An account as the change log shows it: the bank (its code when no name was kept) and the last 4 digits. */
function accountLabel(bankName: string | null, bankCode: string | null, last4: string | null): string {
  const bank = bankName ?? (bankCode ? `Bank ${bankCode}` : 'Unknown bank');
  return last4 ? `${bank} ending ${last4}` : bank;
}

/** Every change of the shop's payout account (newest first): a change nobody expected is how theft shows. */
function BankChanges({ changes }: { changes: AdminBankChangeDto[] }) {
  return (
    <section aria-labelledby="vendor-bank-changes" className="mt-6 flex flex-col gap-2">
      <h3 id="vendor-bank-changes" className="text-sm font-semibold">
        Bank account changes
      </h3>
      {changes.length === 0 ? (
        <p className="text-sm text-muted-foreground">No bank account changes since registration.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-card border border-border">
          {changes.map((change) => (
            <li key={change.id} className="flex flex-col gap-1 px-4 py-3 text-sm">
              <time dateTime={change.changed_at} className="text-xs text-muted-foreground">
                {formatDateTime(change.changed_at)}
                {change.changed_by ? ` · by ${change.changed_by}` : ''}
              </time>
              <p className="break-words">
                {accountLabel(change.old_bank_name, change.old_bank_code, change.old_account_last4)} →{' '}
                <span className="font-medium">
                  {accountLabel(change.new_bank_name, change.new_bank_code, change.new_account_last4)}
                </span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function VendorActions({ vendor }: { vendor: AdminVendorDetailDto }) {
  const trpc = useTRPC();
  const feedback = useAdminActionFeedback();
  const verify = useMutation(
    trpc.admin.vendors.verify.mutationOptions(feedback('Vendor verified', 'Failed to verify vendor')),
  );
  const suspend = useMutation(
    trpc.admin.vendors.suspend.mutationOptions(feedback('Vendor suspended', 'Failed to suspend vendor')),
  );
  const reinstate = useMutation(
    trpc.admin.vendors.reinstate.mutationOptions(feedback('Vendor reinstated', 'Failed to reinstate vendor')),
  );
  const [confirmSuspend, setConfirmSuspend] = useState(false);
  const [reason, setReason] = useState('');
  const askToSuspend = (open: boolean) => {
    setConfirmSuspend(open);
    if (!open) setReason('');
  };
  const busy = verify.isPending || suspend.isPending || reinstate.isPending;

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
      {vendor.is_verified === 0 ? (
        <Button onClick={() => verify.mutate({ id: vendor.id })} disabled={busy} aria-busy={verify.isPending}>
          <BadgeCheck aria-hidden="true" />
          Verify Vendor
        </Button>
      ) : null}
      {vendor.owner_status === 'active' ? (
        <Button variant="destructive" onClick={() => askToSuspend(true)} disabled={busy}>
          <PauseCircle aria-hidden="true" />
          Suspend Account
        </Button>
      ) : (
        <Button variant="outline" onClick={() => reinstate.mutate({ id: vendor.id })} disabled={busy}>
          <PlayCircle aria-hidden="true" />
          Reinstate Account
        </Button>
      )}
      <Button asChild variant="outline">
        <Link to={`/shop/${vendor.id}`}>
          <ExternalLink aria-hidden="true" />
          View Shop
        </Link>
      </Button>
      <ConfirmDialog
        open={confirmSuspend}
        onOpenChange={askToSuspend}
        title={`Suspend ${vendor.shop_name}?`}
        description={`${vendor.user.name} will be signed out and cannot sign in, and the shop leaves the storefront until it is reinstated.`}
        confirmLabel="Suspend"
        onConfirm={() =>
          suspend.mutate({ id: vendor.id, ...noteInput('reason', reason) }, { onSettled: () => askToSuspend(false) })
        }
        pending={suspend.isPending}
      >
        <NoteField
          label="Reason"
          hint="Sent to the shop with the notice of suspension."
          placeholder="For example: repeated reports of fake products"
          value={reason}
          onChange={setReason}
        />
      </ConfirmDialog>
    </div>
  );
}

/** The dialog's tab it opens on: View shows the Overview, Edit goes straight to the Actions. */
export type VendorDialogTab = 'overview' | 'actions';

function VendorDetail({ vendor, initialTab }: { vendor: AdminVendorDetailDto; initialTab: VendorDialogTab }) {
  return (
    <>
      <DialogHeader>
        <div className="flex flex-wrap items-center gap-3">
          <DialogTitle className="break-words">{vendor.shop_name}</DialogTitle>
          <VendorStatusPill status={vendor.status} />
        </div>
        <DialogDescription>
          {vendor.user.name} · {vendor.user.email}
        </DialogDescription>
      </DialogHeader>
      <Tabs defaultValue={initialTab}>
        <TabsList className="grid-flow-row grid-cols-2 sm:grid-flow-col sm:grid-cols-none">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="orders">Orders ({vendor.orders.length})</TabsTrigger>
          <TabsTrigger value="reviews">Reviews ({vendor.reviews.length})</TabsTrigger>
          <TabsTrigger value="actions">Actions</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <DetailList
            rows={[
              { label: 'Shop name', value: vendor.shop_name },
              { label: 'Account holder', value: vendor.account_holder_name },
              {
                label: 'Verification',
                value: vendor.verified_at ? `Verified on ${formatDate(vendor.verified_at)}` : 'Unverified',
              },
              { label: 'Bank', value: `${vendor.bank_name} · ${vendor.account_number}` },
              { label: 'Joined', value: formatDate(vendor.created_at) },
              { label: 'Address', value: vendor.address },
              { label: 'Phone', value: vendor.phone },
              { label: 'Caps listed', value: vendor.total_products },
            ]}
          />
          <BankChanges changes={vendor.bank_changes} />
        </TabsContent>
        <TabsContent value="orders">
          <OrderSummaryList orders={vendor.orders} party="customer" />
        </TabsContent>
        <TabsContent value="reviews">
          <VendorReviews vendor={vendor} />
        </TabsContent>
        <TabsContent value="actions">
          <VendorActions vendor={vendor} />
        </TabsContent>
      </Tabs>
    </>
  );
}

/** View on a vendor card: the shop's details, its real orders and reviews, and the admin's actions. */
export function VendorDetailDialog({
  vendorId,
  initialTab = 'overview',
  onClose,
}: {
  vendorId: number | null;
  initialTab?: VendorDialogTab;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const vendor = useQuery({
    ...trpc.admin.vendors.get.queryOptions(vendorId === null ? skipToken : { id: vendorId }, ADMIN_QUERY_CACHE),
    retry: retryOnceUnlessNotFound,
  });
  return (
    <RecordDialog
      open={vendorId !== null}
      onClose={onClose}
      title="Vendor details"
      query={vendor}
      notFound={ERROR_MESSAGES.vendorNotFound}
    >
      {(data) => <VendorDetail key={`${data.id}-${initialTab}`} vendor={data} initialTab={initialTab} />}
    </RecordDialog>
  );
}
