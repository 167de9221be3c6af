import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { LoadingBlock } from '@/components/ui/spinner';
import { ADMIN_QUERY_CACHE, DASHBOARD_CACHE } from '@/lib/query-cache';
import { registeredPage } from '@/ssr/page-registry';
import { NotFoundPage } from './not-found-page';
import { RequireRole } from './require-role';
import { RootHydrateFallback, RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error-boundary';

/**
 * A developer page: its code is a lazy chunk (React.lazy) fetched only when RequireRole has let the caller in,
 * so it is not shipped to every visitor.
 */
function devPage(path: string, load: () => Promise<ComponentType>): RouteObject {
  const Page = lazy(async () => ({ default: await load() }));
  return {
    path,
    element: (
      <Suspense fallback={<LoadingBlock label="Loading..." />}>
        <Page />
      </Suspense>
    ),
  };
}

/** What a route's `handle` may say: `ssr` pages are rendered on the server (storefront, static pages, 404). */
export interface RouteHandle {
  ssr?: boolean;
  /**
   * The page's module (its path in the web app, as the build's manifest names it): the server loads its chunk
   * with the page, so the browser can hydrate as soon as the app's code runs.
   */
  module?: string;
}

/**
 * The storefront and static pages, and the not-found page: the server renders them (entry-server.tsx), so their
 * text and pictures arrive with the first byte and work without JavaScript. Pages behind a sign-in are rendered
 * in the browser only: the server does not know who is signed in (the token lives in the browser's storage).
 */
const serverRendered = (module?: string): RouteHandle => ({ ssr: true, module });

/**
 * A server-rendered page's code, loaded on first visit. The page sits in a Suspense boundary on both sides: the
 * server loads the module before rendering (a router `lazy`) and sends the page inside the boundary; the browser
 * renders it through React.lazy, so its router is ready at once and hydration starts as soon as the app's code
 * runs. React keeps the server's HTML of the boundary until the page's code arrives (the page's chunk is loaded
 * with it: entry-server), and replays a click or key press made meanwhile. On a later visit in the browser,
 * the loading block shows while the page's code loads.
 */
function renderedPage(name: string, load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy' | 'element'> {
  const fallback = <LoadingBlock label="Loading..." />;
  if (import.meta.env.SSR) {
    return {
      lazy: async () => {
        const Page = await load();
        return {
          element: (
            <Suspense fallback={fallback}>
              <Page />
            </Suspense>
          ),
        };
      },
    };
  }
  const Page = lazy(() => {
    const loaded = registeredPage(name);
    if (loaded) {
      // Settled already: React takes a thenable that calls back at once as a loaded page, with no suspense.
      // biome-ignore lint/suspicious/noThenProperty: a thenable is what React.lazy takes; this one is settled.
      const settled = { then: (resolve: (module: { default: ComponentType }) => void) => resolve({ default: loaded }) };
      return settled as unknown as Promise<{ default: ComponentType }>;
    }
    return load().then((page) => ({ default: page }));
  });
  return {
    element: (
      <Suspense fallback={fallback}>
        <Page />
      </Suspense>
    ),
  };
}

const ADMINS_ONLY = 'The developer pages are for admins. Please sign in with an admin account.';

/**
 * Every route of spec 2. Pages with forms and data are loaded on first visit, so the first screen
 * does not wait for react-hook-form, zod and the other pages.
 */
const pages: RouteObject[] = [
  {
    index: true,
    handle: serverRendered('src/features/storefront/home-page.tsx'),
    ...renderedPage('home-page', async () => (await import('@/features/storefront/home-page')).HomePage),
  },
  {
    path: 'about',
    handle: serverRendered('src/features/info/about-page.tsx'),
    ...renderedPage('about-page', async () => (await import('@/features/info/about-page')).AboutPage),
  },
  {
    path: 'contact',
    handle: serverRendered('src/features/info/contact-page.tsx'),
    ...renderedPage('contact-page', async () => (await import('@/features/info/contact-page')).ContactPage),
  },
  {
    path: 'terms',
    handle: serverRendered('src/features/info/terms-page.tsx'),
    ...renderedPage('terms-page', async () => (await import('@/features/info/terms-page')).TermsPage),
  },
  {
    path: 'returns',
    handle: serverRendered('src/features/info/returns-page.tsx'),
    ...renderedPage('returns-page', async () => (await import('@/features/info/returns-page')).ReturnsPage),
  },
  {
    path: 'shops',
    handle: serverRendered('src/features/storefront/shops-page.tsx'),
    ...renderedPage('shops-page', async () => (await import('@/features/storefront/shops-page')).ShopsPage),
  },
  {
    path: 'browse-caps',
    handle: serverRendered('src/features/storefront/browse-caps-page.tsx'),
    ...renderedPage(
      'browse-caps-page',
      async () => (await import('@/features/storefront/browse-caps-page')).BrowseCapsPage,
    ),
  },
  {
    path: 'shop/:shopId',
    handle: serverRendered('src/features/storefront/shop-page.tsx'),
    ...renderedPage('shop-page', async () => (await import('@/features/storefront/shop-page')).ShopPage),
  },
  {
    path: 'product/:productId',
    handle: serverRendered('src/features/storefront/product-page.tsx'),
    ...renderedPage('product-page', async () => (await import('@/features/storefront/product-page')).ProductPage),
  },
  {
    path: 'cart',
    lazy: async () => ({ Component: (await import('@/features/cart/cart-page')).CartPage }),
  },
  {
    path: 'payment/callback',
    lazy: async () => ({ Component: (await import('@/features/checkout/payment-callback-page')).PaymentCallbackPage }),
  },
  {
    path: 'order-success',
    lazy: async () => ({ Component: (await import('@/features/checkout/order-success-page')).OrderSuccessPage }),
  },
  {
    path: 'auth',
    lazy: async () => ({ Component: (await import('@/features/account/customer-auth-page')).CustomerAuthPage }),
  },
  {
    path: 'vendor/auth',
    lazy: async () => ({ Component: (await import('@/features/vendor/vendor-auth-page')).VendorAuthPage }),
  },
  // Vendor logout goes to /vendor/login (spec 2) while the screen lives at /vendor/auth.
  { path: 'vendor/login', element: <Navigate to="/vendor/auth" replace /> },
  {
    path: 'admin/auth',
    lazy: async () => ({ Component: (await import('@/features/admin/admin-auth-page')).AdminAuthPage }),
  },
  {
    path: 'forgot-password',
    lazy: async () => ({ Component: (await import('@/features/account/forgot-password-page')).ForgotPasswordPage }),
  },
  {
    path: 'reset-password',
    lazy: async () => ({ Component: (await import('@/features/account/reset-password-page')).ResetPasswordPage }),
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
        lazy: async () => ({ Component: (await import('@/features/checkout/checkout-page')).CheckoutPage }),
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
    ],
  },
  {
    element: <RequireRole accountRole="signed-in" signInPath="/auth" />,
    children: [
      {
        path: 'settings',
        lazy: async () => ({ Component: (await import('@/features/account/settings-page')).SettingsPage }),
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
        lazy: async () => ({
          Component: (await import('@/features/notifications/notifications-page')).NotificationsPage,
        }),
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
        lazy: async () => ({
          Component: (await import('@/features/vendor/vendor-dashboard-page')).VendorDashboardPage,
        }),
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
        lazy: async () => ({ Component: (await import('@/features/admin/admin-dashboard-page')).AdminDashboardPage }),
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
  { path: '*', element: <NotFoundPage />, handle: serverRendered() },
];

/** The app's routes, for the browser's router (main.tsx) and the server's renderer (entry-server.tsx). */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    HydrateFallback: RootHydrateFallback,
    // A failure in the header or footer themselves: nothing of the layout can be trusted.
    errorElement: <RouteErrorBoundary />,
    // A failing page keeps the header and footer around its error screen.
    children: [{ errorElement: <RouteErrorBoundary />, children: pages }],
  },
];
