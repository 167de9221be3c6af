import * as DialogPrimitive from '@radix-ui/react-dialog';
import { ArrowLeft, LogOut, type LucideIcon, Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

export interface DashboardNavTab<TTab extends string> {
  value: TTab;
  label: string;
  icon: LucideIcon;
}

/** What a dashboard's menu lists: its tabs in menu order and the address of each (`?tab=`). */
export interface DashboardNavConfig<TTab extends string> {
  /** The menu's landmark name, e.g. 'Admin dashboard'. */
  label: string;
  tabs: readonly DashboardNavTab<TTab>[];
  hrefOf: (tab: TTab) => string;
}

interface DashboardNavProps<TTab extends string> {
  nav: DashboardNavConfig<TTab>;
  current: TTab;
  onLogout: () => void;
}

/**
 * Only the fill and the text colour fade: `transition-colors` would fade the focus outline too, from the text
 * colour (white on the active item, so nearly invisible on the white menu) to the ring colour.
 */
function itemClassName(active: boolean) {
  return cn(
    'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-semibold transition-[color,background-color]',
    active ? 'bg-primary text-primary-foreground' : 'text-foreground hover:bg-muted',
  );
}

/**
 * The menu itself: one link per tab (the current one marked for screen readers), Back to store and Logout
 * (on phones the header has no menu of its own on a dashboard, so this is the way back to the shop). Links, not
 * buttons, so a tab can be opened in a new browser tab and the address names the tab.
 */
function DashboardMenu<TTab extends string>({
  nav,
  current,
  onLogout,
  onNavigate,
}: DashboardNavProps<TTab> & { onNavigate?: () => void }) {
  return (
    <nav aria-label={nav.label} className="flex flex-col gap-1">
      <ul className="flex flex-col gap-1">
        {nav.tabs.map(({ value, label, icon: Icon }) => (
          <li key={value}>
            <Link
              to={nav.hrefOf(value)}
              replace
              aria-current={value === current ? 'page' : undefined}
              className={itemClassName(value === current)}
              onClick={onNavigate}
            >
              <Icon className="size-4 shrink-0" aria-hidden="true" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-2 flex flex-col gap-1 border-t border-border pt-2">
        <Link to="/" className={itemClassName(false)} onClick={onNavigate}>
          <ArrowLeft className="size-4 shrink-0" aria-hidden="true" />
          Back to store
        </Link>
        <button
          type="button"
          onClick={onLogout}
          className={cn(itemClassName(false), 'cursor-pointer text-destructive hover:bg-destructive/10')}
        >
          <LogOut className="size-4 shrink-0" aria-hidden="true" />
          Logout
        </button>
      </div>
    </nav>
  );
}

/** The side menu on wide screens (md and up). */
export function DashboardSideMenu<TTab extends string>(props: DashboardNavProps<TTab>) {
  return (
    <aside className="hidden w-56 shrink-0 md:block">
      <div className="sticky top-20 rounded-card border border-border bg-card p-3 shadow-sm">
        <DashboardMenu {...props} />
      </div>
    </aside>
  );
}

/**
 * The same menu on phones: a drawer from the left, opened by the Menu button. It is a modal dialog,
 * so focus moves into it, Tab stays inside, Escape closes it and focus returns to the Menu button.
 */
export function DashboardDrawer<TTab extends string>({ nav, current, onLogout }: DashboardNavProps<TTab>) {
  const [open, setOpen] = useState(false);
  const currentLabel = nav.tabs.find((tab) => tab.value === current)?.label;
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>
        {/* Named just "Menu" (the header shows no menu button of its own here); the tab is a description. */}
        <Button variant="outline" className="md:hidden" aria-description={`Current tab: ${currentLabel ?? ''}`}>
          <Menu aria-hidden="true" />
          Menu
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-foreground/50 md:hidden" />
        <DialogPrimitive.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-4 overflow-y-auto border-r border-border bg-card p-4 shadow-xl md:hidden">
          <div className="flex items-center justify-between gap-2">
            <DialogPrimitive.Title className="text-lg font-semibold">Dashboard menu</DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close menu">
                <X className="size-5" aria-hidden="true" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <DialogPrimitive.Description className="sr-only">
            Choose a part of the dashboard, or log out.
          </DialogPrimitive.Description>
          <DashboardMenu
            nav={nav}
            current={current}
            onNavigate={() => setOpen(false)}
            onLogout={() => {
              setOpen(false);
              onLogout();
            }}
          />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
