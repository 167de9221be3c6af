import { ChevronDown, LogOut, Settings } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { StoredUser } from '@/lib/auth';
import { cn } from '@/lib/cn';

const itemClassName =
  'flex w-full cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium text-foreground hover:bg-muted';

/**
 * "Hi, <name>" with Settings and Logout. A disclosure (button + panel) rather than an ARIA menu:
 * Tab and Shift+Tab move through the items, Escape closes and returns focus to the button.
 */
export function UserMenu({ user, onLogout }: { user: StoredUser; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const isOutside = (target: EventTarget | null) => !containerRef.current?.contains(target as Node | null);
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (isOutside(event.target)) setOpen(false);
    };
    // Focus leaving the widget (Tab past the last item) closes the panel too.
    const closeOnOutsideFocus = (event: FocusEvent) => {
      if (isOutside(event.target)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    document.addEventListener('focusin', closeOnOutsideFocus);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutsidePointer);
      document.removeEventListener('focusin', closeOnOutsideFocus);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
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
        <Link to="/settings" className={itemClassName} onClick={() => setOpen(false)}>
          <Settings className="size-4" aria-hidden="true" />
          Settings
        </Link>
        <button
          type="button"
          className={itemClassName}
          onClick={() => {
            setOpen(false);
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
