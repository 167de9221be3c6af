import { UI_TEXT, type VendorDto } from '@caps/contracts';
import { BadgeCheck, Clock } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { DashboardDrawer, DashboardSideMenu } from '@/components/dashboard-nav';
import { toast } from '@/components/ui/toaster';
import { useAuth } from '@/lib/auth';
import { AccountSettingsTab } from './dashboard/account-settings-tab';
import { CouponsTab } from './dashboard/coupons-tab';
import { type DashboardTab, dashboardTabOf, VENDOR_NAV } from './dashboard/dashboard-tabs';
import { EarningsTab } from './dashboard/earnings-tab';
import { OrdersTab } from './dashboard/orders-tab';
import { OverviewTab } from './dashboard/overview-tab';
import { ProductsTab } from './dashboard/products-tab';
import { ReportsTab } from './dashboard/reports-tab';
import { ReturnsTab } from './dashboard/returns-tab';
import { ShopSettingsTab } from './dashboard/shop-settings-tab';
import { useVendorProfile } from './dashboard/use-vendor-profile';

function TabContent({ tab }: { tab: DashboardTab }) {
  switch (tab) {
    case 'overview':
      return <OverviewTab />;
    case 'products':
      return <ProductsTab />;
    case 'orders':
      return <OrdersTab />;
    case 'returns':
      return <ReturnsTab />;
    case 'earnings':
      return <EarningsTab />;
    case 'coupons':
      return <CouponsTab />;
    case 'reports':
      return <ReportsTab />;
    case 'shop':
      return <ShopSettingsTab />;
    case 'account':
      return <AccountSettingsTab />;
  }
}

function VerificationBadge({ vendor }: { vendor: VendorDto }) {
  return vendor.is_verified === 1 ? (
    <p className="inline-flex items-center gap-2 rounded-full bg-accent px-3 py-1 text-sm font-semibold text-accent-foreground">
      <BadgeCheck className="size-4" aria-hidden="true" />
      Verified
    </p>
  ) : (
    <p className="inline-flex items-center gap-2 rounded-full bg-warning px-3 py-1 text-sm font-semibold text-warning-foreground">
      <Clock className="size-4" aria-hidden="true" />
      Pending verification
    </p>
  );
}

/** /vendor/dashboard: vendors only; a side menu (a drawer on phones) and the tab named by `?tab=`. */
export function VendorDashboardPage() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // RequireRole has confirmed the vendor with this same auth.me call: its answer is in the cache.
  const vendor = useVendorProfile().data?.vendor ?? null;
  const tab = dashboardTabOf(params);
  const logout = async () => {
    await signOut();
    toast.success(UI_TEXT.loggedOut);
    navigate('/vendor/auth', { replace: true });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      <title>Vendor Dashboard | Caps Marketplace</title>
      <header>
        <div className="flex items-center justify-between gap-3">
          <h1 className="text-2xl font-bold sm:text-3xl">Vendor Dashboard</h1>
          <DashboardDrawer nav={VENDOR_NAV} current={tab} onLogout={() => void logout()} />
        </div>
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2">
          <h2 className="text-lg font-semibold break-words">{vendor?.shop_name ?? 'No shop yet'}</h2>
          {vendor ? <VerificationBadge vendor={vendor} /> : null}
        </div>
      </header>
      {vendor && vendor.is_verified !== 1 ? (
        <div
          role="status"
          className="mt-4 flex items-start gap-3 rounded-card border border-amber-300 bg-warning px-4 py-3 text-sm text-warning-foreground"
        >
          <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            <span className="font-semibold">Your shop is pending verification.</span> An admin checks every new shop;
            you can add caps as soon as yours is verified.
          </p>
        </div>
      ) : null}
      <div className="mt-6 flex gap-8">
        <DashboardSideMenu nav={VENDOR_NAV} current={tab} onLogout={() => void logout()} />
        <div className="min-w-0 flex-1">
          <TabContent tab={tab} />
        </div>
      </div>
    </div>
  );
}
