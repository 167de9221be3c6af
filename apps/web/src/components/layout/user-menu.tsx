import { BellRing, ChevronDown, LogOut, Settings } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { StoredUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { usePopover } from './use-popover';

const itemClassName =
  'flex w-full cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium text-foreground hover:bg-muted';

/**
 * "Hi, <name>" with Settings, Notification settings (which emails and bell items to get) and Logout. A disclosure (button + panel) rather than an ARIA menu:
 * Tab and Shift+Tab move through the items, Escape closes and returns focus to the button.
 */
export function UserMenu({ user, onLogout }: { user: StoredUser; onLogout: () => void }) {
  const { open, close, containerRef, panelId, buttonProps } = usePopover();

  return (
    <div ref={containerRef} className="relative">
      <button
        {...buttonProps}
        className="inline-flex h-10 max-w-56 cursor-pointer items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-foreground hover:bg-muted"
      >
        <span className="truncate">Hi, {user.name}</span>
        <ChevronDown className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-50 mt-2 w-52 rounded-xl border border-border bg-card p-1.5 shadow-lg"
      >
        <p className="truncate px-3 py-1.5 text-xs text-muted-foreground">{user.email}</p>
        <Link to="/settings" className={itemClassName} onClick={close}>
          <Settings className="size-4" aria-hidden="true" />
          Settings
        </Link>
        <Link to="/notifications?tab=preferences" className={itemClassName} onClick={close}>
          <BellRing className="size-4" aria-hidden="true" />
          Notification settings
        </Link>
        <button
          type="button"
          className={itemClassName}
          onClick={() => {
            close();
            onLogout();
          }}
        >
          <LogOut className="size-4" aria-hidden="true" />
          Logout
        </button>
      </div>
    </div>
  );
}
