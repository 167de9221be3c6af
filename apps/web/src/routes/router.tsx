import { type ComponentType, Suspense } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router-dom';
import { LoadingBlock } from '@/components/ui/spinner';
import { ADMIN_QUERY_CACHE, DASHBOARD_CACHE } from '@/lib/query-cache';
import { registeredPage } from '@/ssr/page-registry';
import { lazyPage } from './lazy-page';
import { NotFoundPage } from './not-found-page';
import { RequireRole } from './require-role';
import { RootLayout } from './root-layout';
import { PageErrorBoundary, RouteErrorBoundary } from './route-error-boundary';

/**
 * A page whose code is a chunk of its own, fetched on its first visit (lazy-page.tsx): the loading block shows
 * meanwhile. Pages with forms and data are loaded so, and so are the dashboards, which are fetched only when
 * RequireRole has let the caller in: the first screen does not wait for react-hook-form, zod and the others.
 */
function page(load: () => Promise<ComponentType>, ready?: () => ComponentType | undefined) {
  const Page = lazyPage(load, ready);
  return (
    <Suspense fallback={<LoadingBlock label="Loading..." />}>
      <Page />
    </Suspense>
  );
}

/** A developer page (issue 10): a lazy chunk like any other page. */
function devPage(path: string, load: () => Promise<ComponentType>): RouteObject {
  return { path, element: page(load) };
}

/** What a route's `handle` may say: `ssr` pages are rendered on the server (storefront, static pages, 404). */
export interface RouteHandle {
  ssr?: boolean;
  /**
   * The page's module (its path in the web app, as the build's manifest names it): the server loads its chunk
   * with the page, so the browser can hydrate as soon as the app's code runs.
   */
  module?: string;
  /** Loads the page's code: the server does so before rendering, so the page renders at once. */
  preload?: () => Promise<unknown>;
}

/**
 * A storefront or static page: the server renders it (entry-server.tsx), so its text and pictures arrive with
 * the first byte and work without JavaScript. Pages behind a sign-in are rendered in the browser only: the
 * server does not know who is signed in (the token lives in the browser's storage).
 *
 * The page sits in a Suspense boundary on both sides. Its code registers the page as it runs
 * (ssr/page-registry): the server loads it before rendering (`preload`), and in the browser the page's chunk
 * is loaded with the app's entry (ssr/document), so React.lazy gets the page at once and the page hydrates with
 * the rest of the app: a click or a key press right after the page shows is not lost. On a later visit in the
 * browser, the loading block shows while the page's code loads.
 */
function renderedPage(
  name: string,
  module: string,
  load: () => Promise<ComponentType>,
): Pick<RouteObject, 'handle' | 'element'> {
  const handle: RouteHandle = { ssr: true, module, preload: load };
  return { handle, element: page(load, () => registeredPage(name)) };
}

const ADMINS_ONLY = 'The developer pages are for admins. Please sign in with an admin account.';

/**
 * Every route of spec 2. Pages with forms and data are loaded on first visit, so the first screen
 * does not wait for react-hook-form, zod and the other pages.
 */
const pages: RouteObject[] = [
  {
    index: true,
    ...renderedPage(
      'home-page',
      'src/features/storefront/home-page.tsx',
      async () => (await import('@/features/storefront/home-page')).HomePage,
    ),
  },
  {
    path: 'about',
    ...renderedPage(
      'about-page',
      'src/features/info/about-page.tsx',
      async () => (await import('@/features/info/about-page')).AboutPage,
    ),
  },
  {
    path: 'contact',
    ...renderedPage(
      'contact-page',
      'src/features/info/contact-page.tsx',
      async () => (await import('@/features/info/contact-page')).ContactPage,
    ),
  },
  {
    path: 'terms',
    ...renderedPage(
      'terms-page',
      'src/features/info/terms-page.tsx',
      async () => (await import('@/features/info/terms-page')).TermsPage,
    ),
  },
  {
    path: 'returns',
    ...renderedPage(
      'returns-page',
      'src/features/info/returns-page.tsx',
      async () => (await import('@/features/info/returns-page')).ReturnsPage,
    ),
  },
  {
    path: 'shops',
    ...renderedPage(
      'shops-page',
      'src/features/storefront/shops-page.tsx',
      async () => (await import('@/features/storefront/shops-page')).ShopsPage,
    ),
  },
  {
    path: 'browse-caps',
    ...renderedPage(
      'browse-caps-page',
      'src/features/storefront/browse-caps-page.tsx',
      async () => (await import('@/features/storefront/browse-caps-page')).BrowseCapsPage,
    ),
  },
  {
    path: 'shop/:shopId',
    ...renderedPage(
      'shop-page',
      'src/features/storefront/shop-page.tsx',
      async () => (await import('@/features/storefront/shop-page')).ShopPage,
    ),
  },
  {
    path: 'product/:productId',
    ...renderedPage(
      'product-page',
      'src/features/storefront/product-page.tsx',
      async () => (await import('@/features/storefront/product-page')).ProductPage,
    ),
  },
  {
    path: 'cart',
    element: page(async () => (await import('@/features/cart/cart-page')).CartPage),
  },
  {
    path: 'payment/callback',
    element: page(async () => (await import('@/features/checkout/payment-callback-page')).PaymentCallbackPage),
  },
  {
    path: 'order-success',
    element: page(async () => (await import('@/features/checkout/order-success-page')).OrderSuccessPage),
  },
  {
    path: 'auth',
    element: page(async () => (await import('@/features/account/customer-auth-page')).CustomerAuthPage),
  },
  {
    path: 'vendor/auth',
    element: page(async () => (await import('@/features/vendor/vendor-auth-page')).VendorAuthPage),
  },
  // Vendor logout goes to /vendor/login (spec 2) while the screen lives at /vendor/auth.
  { path: 'vendor/login', element: <Navigate to="/vendor/auth" replace /> },
  {
    path: 'admin/auth',
    element: page(async () => (await import('@/features/admin/admin-auth-page')).AdminAuthPage),
  },
  {
    path: 'forgot-password',
    element: page(async () => (await import('@/features/account/forgot-password-page')).ForgotPasswordPage),
  },
  {
    path: 'reset-password',
    element: page(async () => (await import('@/features/account/reset-password-page')).ResetPasswordPage),
  },
  // Pages that need a signed-in user or a role sit under one guard each (RequireRole, a layout route).
  {
    element: (
      <RequireRole
        accountRole="signed-in"
        signInPath="/auth"
        signedOut={{ toast: { id: 'checkout-login', description: 'Please login to proceed with checkout.' } }}
      />
    ),
    children: [
      {
        path: 'checkout',
        element: page(async () => (await import('@/features/checkout/checkout-page')).CheckoutPage),
      },
    ],
  },
  {
    element: (
      <RequireRole
        accountRole="signed-in"
        signInPath="/auth"
        signedOut={{ toast: { id: 'orders-login', description: 'Please login to see your orders.' } }}
      />
    ),
    children: [
      // Spec 2 names both spellings of the order detail page; both must keep working.
      {
        path: 'order/:orderId',
        element: page(async () => (await import('@/features/orders/order-detail-page')).OrderDetailPage),
      },
      {
        path: 'orders/:orderId',
        element: page(async () => (await import('@/features/orders/order-detail-page')).OrderDetailPage),
      },
      {
        path: 'orders',
        element: page(async () => (await import('@/features/orders/orders-page')).OrdersPage),
      },
    ],
  },
  {
    element: <RequireRole accountRole="signed-in" signInPath="/auth" />,
    children: [
      {
        path: 'settings',
        element: page(async () => (await import('@/features/account/settings-page')).SettingsPage),
      },
    ],
  },
  {
    // Any role; a token the server no longer knows is forgotten first, which leads to the sign-in page.
    element: (
      <RequireRole
        accountRole="signed-in"
        signInPath="/auth"
        confirm={{ loadingLabel: 'Loading your notifications...', cache: DASHBOARD_CACHE }}
      />
    ),
    children: [
      {
        path: 'notifications',
        element: page(async () => (await import('@/features/notifications/notifications-page')).NotificationsPage),
      },
    ],
  },
  {
    element: (
      <RequireRole
        accountRole="vendor"
        signInPath="/vendor/auth"
        wrongRoleNotice="Please sign in with a vendor account."
        confirm={{ loadingLabel: 'Loading your shop...', cache: DASHBOARD_CACHE }}
      />
    ),
    children: [
      {
        path: 'vendor/dashboard',
        element: page(async () => (await import('@/features/vendor/vendor-dashboard-page')).VendorDashboardPage),
      },
    ],
  },
  {
    element: (
      <RequireRole
        accountRole="admin"
        signInPath="/admin/auth"
        wrongRoleNotice="Please sign in with an admin account."
        confirm={{ loadingLabel: 'Loading the admin dashboard...', cache: ADMIN_QUERY_CACHE }}
      />
    ),
    children: [
      {
        path: 'admin/dashboard',
        element: page(async () => (await import('@/features/admin/admin-dashboard-page')).AdminDashboardPage),
      },
    ],
  },
  // The developer pages: admins only, except in a development build (issue 10).
  {
    element: (
      <RequireRole
        accountRole="admin"
        signInPath="/admin/auth"
        wrongRoleNotice={ADMINS_ONLY}
        signedOut={{ notice: ADMINS_ONLY }}
        confirm={{ loadingLabel: 'Loading...', cache: { retry: 1 } }}
        openInDevelopment
      />
    ),
    children: [
      devPage('backend-test', async () => (await import('@/features/dev/backend-test-page')).BackendTestPage),
      devPage(
        'performance-test',
        async () => (await import('@/features/dev/performance-test-page')).PerformanceTestPage,
      ),
      devPage('product-test', async () => (await import('@/features/dev/product-test-page')).ProductTestPage),
      devPage('order-test', async () => (await import('@/features/dev/order-test-page')).OrderTestPage),
    ],
  },
  { path: '*', element: <NotFoundPage />, handle: { ssr: true } satisfies RouteHandle },
];

/** The app's routes, for the browser (main.tsx) and the server's renderer (entry-server.tsx). */
export const routes: RouteObject[] = [
  {
    path: '/',
    // A failure in the header or footer themselves: nothing of the layout can be trusted.
    element: (
      <RouteErrorBoundary>
        <RootLayout />
      </RouteErrorBoundary>
    ),
    // A failing page keeps the header and footer around its error screen.
    children: [{ element: <PageErrorBoundary />, children: pages }],
  },
];

/** The page of the current location, inside the app's router (BrowserRouter, or StaticRouter on the server). */
export function AppRoutes() {
  return useRoutes(routes);
}
