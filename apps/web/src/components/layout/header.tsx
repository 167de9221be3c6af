import { LogOut, Menu, Settings, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useStoredUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { Brand } from './brand';
import { CartLink } from './cart-link';
import { MAIN_NAV_LINKS } from './nav-links';
import { useLogout } from './use-logout';
import { UserMenu } from './user-menu';

/**
 * The bell is for signed-in visitors only: its code (and the notification texts) is a chunk of its own, so a
 * visitor browsing caps does not download it. While it loads, an empty square of its size holds its place.
 */
const NotificationBell = lazy(async () => ({
  default: (await import('@/features/notifications/notification-bell')).NotificationBell,
}));

const MOBILE_MENU_ID = 'mobile-menu';

/** On the dashboards the dashboard's own drawer is the phone menu (with Back to store), so the header shows none. */
const DASHBOARD_PATH = /^\/(vendor|admin)\/dashboard\/?$/;

function navLinkClassName({ isActive }: { isActive: boolean }) {
  return cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground',
    isActive ? 'text-primary' : 'text-muted-foreground',
  );
}

export function Header() {
  const user = useStoredUser();
  const logout = useLogout();
  const location = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const hasMobileMenu = !DASHBOARD_PATH.test(location.pathname);

  // A followed link closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only, on purpose.
  useEffect(() => {
    setMobileOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!mobileOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMobileOpen(false);
        menuButtonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [mobileOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-card focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Brand />
        <nav aria-label="Main" className="ml-4 hidden items-center gap-1 lg:flex">
          {MAIN_NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === '/'} className={navLinkClassName}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <CartLink />
          {user ? (
            <Suspense fallback={<span className="size-10" aria-hidden="true" />}>
              <NotificationBell />
            </Suspense>
          ) : null}
          <div className="hidden items-center gap-2 lg:flex">
            {user ? (
              <UserMenu user={user} onLogout={() => void logout()} />
            ) : (
              <>
                <Button asChild variant="ghost">
                  <Link to="/auth">Login</Link>
                </Button>
                <Button asChild>
                  <Link to="/vendor/auth">Sell Caps</Link>
                </Button>
              </>
            )}
          </div>
          {hasMobileMenu ? (
            <Button
              ref={menuButtonRef}
              variant="ghost"
              size="icon"
              className="lg:hidden"
              aria-expanded={mobileOpen}
              aria-controls={MOBILE_MENU_ID}
              aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
              onClick={() => setMobileOpen((open) => !open)}
            >
              {mobileOpen ? (
                <X className="size-5" aria-hidden="true" />
              ) : (
                <Menu className="size-5" aria-hidden="true" />
              )}
            </Button>
          ) : null}
        </div>
      </div>
      {mobileOpen && hasMobileMenu ? (
        <div id={MOBILE_MENU_ID} className="border-t border-border bg-background lg:hidden">
          <nav aria-label="Main" className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3 sm:px-6">
            {MAIN_NAV_LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} end={link.to === '/'} className={navLinkClassName}>
                {link.label}
              </NavLink>
            ))}
          </nav>
          <div className="mx-auto max-w-7xl border-t border-border px-4 py-3 sm:px-6">
            {user ? (
              <div className="flex flex-col gap-1">
                <p className="truncate px-3 py-1 text-sm font-semibold">Hi, {user.name}</p>
                <Link to="/settings" className={navLinkClassName({ isActive: false })}>
                  <span className="inline-flex items-center gap-2">
                    <Settings className="size-4" aria-hidden="true" />
                    Settings
                  </span>
                </Link>
                <button
                  type="button"
                  className={cn(navLinkClassName({ isActive: false }), 'cursor-pointer text-left')}
                  onClick={() => void logout()}
                >
                  <span className="inline-flex items-center gap-2">
                    <LogOut className="size-4" aria-hidden="true" />
                    Logout
                  </span>
                </button>
              </div>
            ) : (
              <div className="grid grid-cols-2 gap-2">
                <Button asChild variant="outline">
                  <Link to="/auth">Login</Link>
                </Button>
                <Button asChild>
                  <Link to="/vendor/auth">Sell Caps</Link>
                </Button>
              </div>
            )}
          </div>
        </div>
      ) : null}
    </header>
  );
}
