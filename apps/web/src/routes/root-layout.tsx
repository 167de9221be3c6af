import { Outlet } from 'react-router-dom';
import { HydrateLater } from '@/components/hydrate-later';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { ScrollRestoration } from './scroll-restoration';

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
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
