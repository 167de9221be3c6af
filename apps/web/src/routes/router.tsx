import { type ComponentType, lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { NotFoundPage } from './not-found-page';
import { RootHydrateFallback, RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error-boundary';

/**
 * A developer page's route: its guard (admins only, except in a development build) comes in a small chunk,
 * and the page's own code in another one (React.lazy) that is fetched only once the guard lets the caller in.
 */
function devPage(load: () => Promise<ComponentType>): RouteObject['lazy'] {
  const Page = lazy(async () => ({ default: await load() }));
  return async () => {
    const { DevPageGuard } = await import('@/features/dev/dev-page-guard');
    return { Component: () => <DevPageGuard page={Page} /> };
  };
}

/**
 * Every route of spec 2. Pages with forms and data are loaded on first visit, so the first screen
 * does not wait for react-hook-form, zod and the other pages.
 */
const pages: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({ Component: (await import('@/features/storefront/home-page')).HomePage }),
  },
  {
    path: 'about',
    lazy: async () => ({ Component: (await import('@/features/info/about-page')).AboutPage }),
  },
  {
    path: 'contact',
    lazy: async () => ({ Component: (await import('@/features/info/contact-page')).ContactPage }),
  },
  {
    path: 'terms',
    lazy: async () => ({ Component: (await import('@/features/info/terms-page')).TermsPage }),
  },
  {
    path: 'returns',
    lazy: async () => ({ Component: (await import('@/features/info/returns-page')).ReturnsPage }),
  },
  {
    path: 'shops',
    lazy: async () => ({ Component: (await import('@/features/storefront/shops-page')).ShopsPage }),
  },
  {
    path: 'browse-caps',
    lazy: async () => ({ Component: (await import('@/features/storefront/browse-caps-page')).BrowseCapsPage }),
  },
  {
    path: 'shop/:shopId',
    lazy: async () => ({ Component: (await import('@/features/storefront/shop-page')).ShopPage }),
  },
  {
    path: 'product/:productId',
    lazy: async () => ({ Component: (await import('@/features/storefront/product-page')).ProductPage }),
  },
  {
    path: 'cart',
    lazy: async () => ({ Component: (await import('@/features/cart/cart-page')).CartPage }),
  },
  {
    path: 'checkout',
    lazy: async () => ({ Component: (await import('@/features/checkout/checkout-page')).CheckoutPage }),
  },
  {
    path: 'payment/callback',
    lazy: async () => ({ Component: (await import('@/features/checkout/payment-callback-page')).PaymentCallbackPage }),
  },
  {
    path: 'order-success',
    lazy: async () => ({ Component: (await import('@/features/checkout/order-success-page')).OrderSuccessPage }),
  },
  // Spec 2 names both spellings of the order detail page; both must keep working.
  {
    path: 'order/:orderId',
    lazy: async () => ({ Component: (await import('@/features/orders/order-detail-page')).OrderDetailPage }),
  },
  {
    path: 'orders/:orderId',
    lazy: async () => ({ Component: (await import('@/features/orders/order-detail-page')).OrderDetailPage }),
  },
  {
    path: 'orders',
    lazy: async () => ({ Component: (await import('@/features/orders/orders-page')).OrdersPage }),
  },
  {
    path: 'auth',
    lazy: async () => ({ Component: (await import('@/features/account/customer-auth-page')).CustomerAuthPage }),
  },
  {
    path: 'settings',
    lazy: async () => ({ Component: (await import('@/features/account/settings-page')).SettingsPage }),
  },
  {
    path: 'vendor/auth',
    lazy: async () => ({ Component: (await import('@/features/vendor/vendor-auth-page')).VendorAuthPage }),
  },
  // Vendor logout goes to /vendor/login (spec 2) while the screen lives at /vendor/auth.
  { path: 'vendor/login', element: <Navigate to="/vendor/auth" replace /> },
  {
    path: 'vendor/dashboard',
    lazy: async () => ({ Component: (await import('@/features/vendor/vendor-dashboard-page')).VendorDashboardPage }),
  },
  {
    path: 'admin/auth',
    lazy: async () => ({ Component: (await import('@/features/admin/admin-auth-page')).AdminAuthPage }),
  },
  {
    path: 'admin/dashboard',
    lazy: async () => ({ Component: (await import('@/features/admin/admin-dashboard-page')).AdminDashboardPage }),
  },
  {
    path: 'backend-test',
    lazy: devPage(async () => (await import('@/features/dev/backend-test-page')).BackendTestPage),
  },
  {
    path: 'performance-test',
    lazy: devPage(async () => (await import('@/features/dev/performance-test-page')).PerformanceTestPage),
  },
  {
    path: 'product-test',
    lazy: devPage(async () => (await import('@/features/dev/product-test-page')).ProductTestPage),
  },
  {
    path: 'order-test',
    lazy: devPage(async () => (await import('@/features/dev/order-test-page')).OrderTestPage),
  },
  { path: '*', element: <NotFoundPage /> },
];

export const router = createBrowserRouter([
  {
    path: '/',
    element: <RootLayout />,
    HydrateFallback: RootHydrateFallback,
    // A failure in the header or footer themselves: nothing of the layout can be trusted.
    errorElement: <RouteErrorBoundary />,
    // A failing page keeps the header and footer around its error screen.
    children: [{ errorElement: <RouteErrorBoundary />, children: pages }],
  },
]);
