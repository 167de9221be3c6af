import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { HydrateLater } from '@/components/hydrate-later';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { LoadingBlock } from '@/components/ui/spinner';

/** While a lazy page loads, a thin bar at the top shows that the click was taken. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div role="progressbar" aria-label="Loading page" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden">
      <div className="h-full w-1/3 animate-pulse bg-primary" />
    </div>
  );
}

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <NavigationProgress />
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <HydrateLater>
        <Footer />
      </HydrateLater>
      <ScrollRestoration />
    </div>
  );
}

/**
 * What shows while the first lazy page loads on a fresh visit (React Router warns without one): the page
 * shell is not there yet, so just a small loading block.
 */
export function RootHydrateFallback() {
  return <LoadingBlock label="Loading..." />;
}
