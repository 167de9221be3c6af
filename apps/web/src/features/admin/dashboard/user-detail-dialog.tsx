import { type AdminUserDetailDto, ERROR_MESSAGES, formatNaira } from '@caps/contracts';
import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { ExternalLink, MapPin, PauseCircle, PlayCircle, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from '@/components/load-states';
import { formatDate } from '@/components/order-status';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useStoredUser } from '@/lib/auth';
import { ADMIN_QUERY_CACHE } from '@/lib/query-cache';
import { useTRPC } from '@/lib/trpc';
import { retryOnceUnlessNotFound, useAdminActionFeedback } from './admin-queries';
import { DetailList, OrderSummaryList, RecordDialog } from './record-dialog';
import { AccountStatusPill } from './vendor-status';

type UserTab = 'overview' | 'orders' | 'addresses' | 'actions';
const USER_TABS: readonly UserTab[] = ['overview', 'orders', 'addresses', 'actions'];
const isUserTab = (value: string): value is UserTab => USER_TABS.some((tab) => tab === value);

/** Spec: "Actions (View Profile, Suspend Account)". View Profile goes back to the account's Overview. */
function UserActions({ user, onViewProfile }: { user: AdminUserDetailDto; onViewProfile: () => void }) {
  const trpc = useTRPC();
  const me = useStoredUser();
  const feedback = useAdminActionFeedback();
  const suspend = useMutation(
    trpc.admin.users.suspend.mutationOptions(feedback('User suspended', 'Failed to suspend user')),
  );
  const reinstate = useMutation(
    trpc.admin.users.reinstate.mutationOptions(feedback('User reinstated', 'Failed to reinstate user')),
  );
  const [confirmSuspend, setConfirmSuspend] = useState(false);

  // Admin accounts are not suspended from here (the server refuses it as well): that would lock admins out.
  const canSuspend = user.role !== 'admin' && user.id !== me?.id;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
      <Button variant="outline" onClick={onViewProfile}>
        <UserRound aria-hidden="true" />
        View Profile
      </Button>
      {user.vendor ? (
        <Button asChild variant="outline">
          <Link to={`/shop/${user.vendor.id}`}>
            <ExternalLink aria-hidden="true" />
            View Shop
          </Link>
        </Button>
      ) : null}
      {!canSuspend ? (
        <p className="text-sm text-muted-foreground">Admin accounts cannot be suspended.</p>
      ) : user.status === 'active' ? (
        <Button variant="destructive" onClick={() => setConfirmSuspend(true)} disabled={suspend.isPending}>
          <PauseCircle aria-hidden="true" />
          Suspend Account
        </Button>
      ) : (
        <Button
          variant="outline"
          onClick={() => reinstate.mutate({ id: user.id })}
          disabled={reinstate.isPending}
          aria-busy={reinstate.isPending}
        >
          <PlayCircle aria-hidden="true" />
          Reinstate Account
        </Button>
      )}
      <ConfirmDialog
        open={confirmSuspend}
        onOpenChange={setConfirmSuspend}
        title={`Suspend ${user.name}?`}
        description="They will be signed out everywhere and cannot sign in until the account is reinstated."
        confirmLabel="Suspend"
        onConfirm={() => suspend.mutate({ id: user.id }, { onSettled: () => setConfirmSuspend(false) })}
        pending={suspend.isPending}
      />
    </div>
  );
}

function UserDetail({ user }: { user: AdminUserDetailDto }) {
  const [tab, setTab] = useState<UserTab>('overview');
  return (
    <>
      <DialogHeader>
        <div className="flex flex-wrap items-center gap-3">
          <DialogTitle className="break-words">{user.name}</DialogTitle>
          <AccountStatusPill status={user.status} />
        </div>
        <DialogDescription className="break-words">{user.email}</DialogDescription>
      </DialogHeader>
      <Tabs value={tab} onValueChange={(value) => (isUserTab(value) ? setTab(value) : undefined)}>
        <TabsList className="grid-flow-row grid-cols-2 sm:grid-flow-col sm:grid-cols-none">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="orders">Orders ({user.orders.length})</TabsTrigger>
          <TabsTrigger value="addresses">Addresses</TabsTrigger>
          <TabsTrigger value="actions">Actions</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <DetailList
            rows={[
              { label: 'Role', value: user.role.charAt(0).toUpperCase() + user.role.slice(1) },
              { label: 'Phone', value: user.phone ?? 'Not given' },
              { label: 'Address', value: user.address ?? 'Not given' },
              { label: 'Joined', value: formatDate(user.created_at) },
              { label: 'Paid orders', value: user.order_count },
              { label: 'Total spent', value: formatNaira(user.total_spent) },
              ...(user.vendor ? [{ label: 'Shop', value: user.vendor.shop_name }] : []),
              ...(user.suspended_at ? [{ label: 'Suspended', value: formatDate(user.suspended_at) }] : []),
            ]}
          />
        </TabsContent>
        <TabsContent value="orders">
          <OrderSummaryList orders={user.orders} party="vendor" />
        </TabsContent>
        <TabsContent value="addresses">
          {user.addresses.length === 0 ? (
            <EmptyState icon={MapPin} title="No saved addresses" />
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2">
              {user.addresses.map((address) => (
                <li key={address.id} className="rounded-card border border-border p-4 text-sm">
                  <p className="font-semibold">
                    {address.full_name}
                    {address.is_default ? <span className="ml-2 text-xs text-primary">Default</span> : null}
                  </p>
                  <p className="mt-1 break-words">{address.address}</p>
                  <p>
                    {address.city}, {address.state} {address.postal_code}
                  </p>
                  <p className="text-muted-foreground">{address.phone}</p>
                </li>
              ))}
            </ul>
          )}
        </TabsContent>
        <TabsContent value="actions">
          <UserActions user={user} onViewProfile={() => setTab('overview')} />
        </TabsContent>
      </Tabs>
    </>
  );
}

/** A user's details: account, real orders and saved addresses, and Suspend / Reinstate. */
export function UserDetailDialog({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const trpc = useTRPC();
  const user = useQuery({
    ...trpc.admin.users.get.queryOptions(userId === null ? skipToken : { id: userId }, ADMIN_QUERY_CACHE),
    retry: retryOnceUnlessNotFound,
  });
  return (
    <RecordDialog
      open={userId !== null}
      onClose={onClose}
      title="User details"
      query={user}
      notFound={ERROR_MESSAGES.userNotFound}
    >
      {(data) => <UserDetail user={data} />}
    </RecordDialog>
  );
}
