import { UI_TEXT, type VendorCouponDto } from '@caps/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, TicketPercent } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { DashboardSection } from '@/components/dashboard-section';
import { EmptyState, ErrorPanel } from '@/components/load-states';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadingBlock } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { DASHBOARD_CACHE } from '@/lib/query-cache';
import { readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';
import { useAuthFailure } from '@/lib/use-auth-failure';
import { VENDOR_SIGN_IN_PATH } from './account-profile-loader';
import { CouponCard } from './coupon-card';
import { CouponFormDialog } from './coupon-form-dialog';
import { TRY_AGAIN, toastFailure } from './failure-toast';

type CouponDialog = { kind: 'form'; coupon: VendorCouponDto | null } | { kind: 'delete'; coupon: VendorCouponDto };

/** Coupons: the shop's discount codes with their real state, created, edited and deleted here. */
export function CouponsTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const onAuthFailure = useAuthFailure(VENDOR_SIGN_IN_PATH);
  const coupons = useQuery(trpc.coupons.list.queryOptions(undefined, DASHBOARD_CACHE));
  const remove = useMutation(trpc.coupons.remove.mutationOptions());
  const [dialog, setDialog] = useState<CouponDialog | null>(null);

  const openNew = () => setDialog({ kind: 'form', coupon: null });
  const confirmDelete = (coupon: VendorCouponDto) => {
    remove.mutate(
      { id: coupon.id },
      {
        onSuccess: async () => {
          setDialog(null);
          toast.success(UI_TEXT.couponDeleted, { description: `${coupon.code} can no longer be used.` });
          await queryClient.invalidateQueries({ queryKey: trpc.coupons.list.queryKey() });
        },
        onError: (error) => {
          if (onAuthFailure(error, 'Please log in again to manage your coupons')) return;
          toastFailure(UI_TEXT.couponDeleteFailed, error);
        },
      },
    );
  };

  const createButton = (
    <Button onClick={openNew}>
      <Plus aria-hidden="true" />
      Create Coupon
    </Button>
  );

  let content: ReactNode;
  if (coupons.isPending) {
    content = <LoadingBlock label="Loading your coupons..." />;
  } else if (coupons.isError) {
    content = (
      <ErrorPanel
        title="Failed to load coupons"
        message={readServerError(coupons.error, UI_TEXT.errorLoadingData).message}
        onRetry={() => void coupons.refetch()}
        retrying={coupons.isFetching}
      />
    );
  } else if (coupons.data.length === 0) {
    content = (
      <EmptyState
        icon={TicketPercent}
        title="No coupons yet"
        description="Create a coupon code to give your customers a discount on your caps."
        action={createButton}
      />
    );
  } else {
    content = (
      <ul aria-label="Coupons" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {coupons.data.map((coupon) => (
          <li key={coupon.id}>
            <CouponCard
              coupon={coupon}
              onEdit={(picked) => setDialog({ kind: 'form', coupon: picked })}
              onDelete={(picked) => setDialog({ kind: 'delete', coupon: picked })}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <DashboardSection
      title="Coupons"
      description="Discount codes for your shop's caps. Each applies to your caps only."
      actions={coupons.data?.length ? createButton : null}
    >
      {content}
      <CouponFormDialog
        open={dialog?.kind === 'form'}
        onOpenChange={(open) => (open ? undefined : setDialog(null))}
        coupon={dialog?.kind === 'form' ? dialog.coupon : null}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        onOpenChange={(open) => {
          if (open) return;
          setDialog(null);
          remove.reset();
        }}
        title="Delete this coupon?"
        description={
          dialog?.kind === 'delete'
            ? `${dialog.coupon.code} will stop working at once. Orders that already used it keep their discount.`
            : ''
        }
        confirmLabel="Delete"
        pending={remove.isPending}
        // The toast asks to try again (spec 8); why it failed stays here.
        failure={remove.error ? readServerError(remove.error, TRY_AGAIN).message : null}
        onConfirm={() => (dialog?.kind === 'delete' ? confirmDelete(dialog.coupon) : undefined)}
      />
    </DashboardSection>
  );
}
