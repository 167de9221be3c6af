import { Flag, LayoutDashboard, Mail, MailCheck, Package, ScrollText, Store, Users, Wallet } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { DashboardDrawer, type DashboardNavConfig, DashboardSideMenu } from '@/components/dashboard-nav';
import { useLogout } from '@/components/layout/use-logout';
import { useSignedInUser } from '@/lib/auth';
import { tabOf } from '@/lib/tab-param';
import { AuditLogTab } from './dashboard/audit-log-tab';
import { FinanceTab } from './dashboard/finance-tab';
import { MessagesTab } from './dashboard/messages-tab';
import { OverviewTab } from './dashboard/overview-tab';
import { ProductsTab } from './dashboard/products-tab';
import { ReportsTab } from './dashboard/reports-tab';
import { SentEmailTab } from './dashboard/sent-email-tab';
import { UsersTab } from './dashboard/users-tab';
import { VendorsTab } from './dashboard/vendors-tab';

const TABS = [
  { value: 'overview', label: 'Overview', icon: LayoutDashboard },
  { value: 'products', label: 'Products', icon: Package },
  { value: 'vendors', label: 'Vendors', icon: Store },
  { value: 'users', label: 'Users', icon: Users },
  { value: 'finance', label: 'Finance', icon: Wallet },
  { value: 'reports', label: 'Reports', icon: Flag },
  { value: 'messages', label: 'Messages', icon: Mail },
  { value: 'sent-email', label: 'Sent Email', icon: MailCheck },
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
    case 'finance':
      return <FinanceTab />;
    case 'reports':
      return <ReportsTab />;
    case 'messages':
      return <MessagesTab />;
    case 'sent-email':
      return <SentEmailTab />;
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
  const user = useSignedInUser();
  const logout = useLogout('/admin/auth');
  const [params] = useSearchParams();

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
