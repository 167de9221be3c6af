import { useQuery } from '@tanstack/react-query';
import { Flag, LayoutDashboard, Mail, Package, ScrollText, Store, Users } from 'lucide-react';
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { DashboardDrawer, type DashboardNavConfig, DashboardSideMenu } from '@/components/dashboard-nav';
import { ErrorScreen } from '@/components/error-screen';
import { useLogout } from '@/components/layout/use-logout';
import { signInNoticeState } from '@/components/sign-in-notice';
import { LoadingBlock } from '@/components/ui/spinner';
import { useStoredUser } from '@/lib/auth';
import { clearSession } from '@/lib/auth-storage';
import { isUnauthenticated } from '@/lib/server-errors';
import { tabOf } from '@/lib/tab-param';
import { useTRPC } from '@/lib/trpc';
import { ADMIN_QUERY_CACHE } from './dashboard/admin-queries';
import { AuditLogTab } from './dashboard/audit-log-tab';
import { MessagesTab } from './dashboard/messages-tab';
import { OverviewTab } from './dashboard/overview-tab';
import { ProductsTab } from './dashboard/products-tab';
import { ReportsTab } from './dashboard/reports-tab';
import { UsersTab } from './dashboard/users-tab';
import { VendorsTab } from './dashboard/vendors-tab';

const TABS = [
  { value: 'overview', label: 'Overview', icon: LayoutDashboard },
  { value: 'products', label: 'Products', icon: Package },
  { value: 'vendors', label: 'Vendors', icon: Store },
  { value: 'users', label: 'Users', icon: Users },
  { value: 'reports', label: 'Reports', icon: Flag },
  { value: 'messages', label: 'Messages', icon: Mail },
  { value: 'audit-log', label: 'Audit Log', icon: ScrollText },
] as const;
type AdminTab = (typeof TABS)[number]['value'];

const ADMIN_NAV: DashboardNavConfig<AdminTab> = {
  label: 'Admin dashboard',
  tabs: TABS,
  hrefOf: (tab) => (tab === 'overview' ? '/admin/dashboard' : `/admin/dashboard?tab=${tab}`),
};

function TabPanel({ tab }: { tab: AdminTab }) {
  switch (tab) {
    case 'overview':
      return <OverviewTab />;
    case 'products':
      return <ProductsTab />;
    case 'vendors':
      return <VendorsTab />;
    case 'users':
      return <UsersTab />;
    case 'reports':
      return <ReportsTab />;
    case 'messages':
      return <MessagesTab />;
    case 'audit-log':
      return <AuditLogTab />;
  }
}

/**
 * /admin/dashboard: signed-in admins only. The stored role decides at once (visitors and other roles go to
 * /admin/auth); the server then confirms the token, and one it no longer knows is forgotten, which leads to
 * the sign-in page as well. `?tab=` keeps the section across reloads and links.
 */
export function AdminDashboardPage() {
  const user = useStoredUser();
  const trpc = useTRPC();
  const logout = useLogout('/admin/auth');
  const [params] = useSearchParams();
  const isAdmin = user?.role === 'admin';
  const profile = useQuery({ ...trpc.auth.me.queryOptions(undefined, ADMIN_QUERY_CACHE), enabled: isAdmin });

  useEffect(() => {
    if (profile.error && isUnauthenticated(profile.error)) clearSession();
  }, [profile.error]);

  if (!isAdmin || (profile.data && profile.data.role !== 'admin')) {
    // A signed-in vendor or customer is told why the admin sign-in form appears instead of the dashboard.
    const state = user ? signInNoticeState('Please sign in with an admin account.') : undefined;
    return <Navigate to="/admin/auth" replace state={state} />;
  }
  if (profile.isPending) return <LoadingBlock label="Loading the admin dashboard..." />;
  if (profile.isError) return <ErrorScreen onRetry={() => void profile.refetch()} />;

  const tab = tabOf(TABS, params, 'overview');
  const onLogout = () => void logout();

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      <title>Admin Dashboard | Caps Marketplace</title>
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold sm:text-3xl">Admin Dashboard</h1>
          <p className="mt-1 text-sm break-words text-muted-foreground">Signed in as {user.email}</p>
        </div>
        <DashboardDrawer nav={ADMIN_NAV} current={tab} onLogout={onLogout} />
      </header>
      <div className="mt-6 flex gap-8">
        <DashboardSideMenu nav={ADMIN_NAV} current={tab} onLogout={onLogout} />
        <div className="min-w-0 flex-1">
          <TabPanel tab={tab} />
        </div>
      </div>
    </div>
  );
}
