import {
  Flag,
  LayoutDashboard,
  type LucideIcon,
  Package,
  Settings,
  ShoppingBag,
  Store,
  Ticket,
  Undo2,
  Wallet,
} from 'lucide-react';
import type { DashboardNavConfig } from '@/components/dashboard-nav';
import { tabOf } from '@/lib/tab-param';

/** The dashboard's tabs in menu order (spec 2), each addressed by `?tab=`. */
export const DASHBOARD_TABS = [
  { value: 'overview', label: 'Overview', icon: LayoutDashboard },
  { value: 'products', label: 'Products', icon: Package },
  { value: 'orders', label: 'Orders', icon: ShoppingBag },
  { value: 'returns', label: 'Returns', icon: Undo2 },
  { value: 'earnings', label: 'Earnings', icon: Wallet },
  { value: 'coupons', label: 'Coupons', icon: Ticket },
  { value: 'reports', label: 'Reports', icon: Flag },
  { value: 'shop', label: 'Shop Settings', icon: Store },
  { value: 'account', label: 'Account', icon: Settings },
] as const satisfies readonly { value: string; label: string; icon: LucideIcon }[];

export type DashboardTab = (typeof DASHBOARD_TABS)[number]['value'];

/** The tab named by `?tab=`; a missing or unknown value shows the overview (spec 2). */
export function dashboardTabOf(params: URLSearchParams): DashboardTab {
  return tabOf(DASHBOARD_TABS, params, 'overview');
}

/** The link to a tab, as the side menu and the quick actions use it. */
export function dashboardTabHref(tab: DashboardTab): string {
  return `/vendor/dashboard?tab=${tab}`;
}

/** The side menu and drawer of the vendor dashboard (the shared dashboard menu of components/). */
export const VENDOR_NAV: DashboardNavConfig<DashboardTab> = {
  label: 'Vendor dashboard',
  tabs: DASHBOARD_TABS,
  hrefOf: dashboardTabHref,
};
