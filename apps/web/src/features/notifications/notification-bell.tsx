import type { NotificationDto } from '@caps/contracts';
import { useQuery } from '@tanstack/react-query';
import { Bell, BellOff, CheckCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { usePopover } from '@/components/layout/use-popover';
import { Button } from '@/components/ui/button';
import { LoadingBlock } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';
import { NotificationContent } from './notification-item';
import { useNotificationActions, useUnreadCount } from './notification-queries';

/** How many of the latest notifications the bell's panel lists. */
const LATEST = 6;

/** The badge: nothing at 0, "9+" above 9. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}

/** "Notifications, 3 unread": the bell's name, so the count is heard as well as seen. */
export function bellLabel(count: number): string {
  return count > 0 ? `Notifications, ${count} unread` : 'Notifications';
}

const itemClassName = 'flex w-full gap-3 rounded-lg px-3 py-2.5 text-left hover:bg-muted';

function BellItem({ notification, onOpen }: { notification: NotificationDto; onOpen: () => void }) {
  const content = <NotificationContent notification={notification} title={notification.title} compact />;
  const tone = notification.read ? undefined : 'bg-primary/5';
  return notification.link ? (
    <Link to={notification.link} className={cn(itemClassName, tone)} onClick={onOpen}>
      {content}
    </Link>
  ) : (
    <button type="button" className={cn(itemClassName, 'cursor-pointer', tone)} onClick={onOpen}>
      {content}
    </button>
  );
}

/** The panel's content, loaded when it opens: the latest notifications, Mark all as read and View all. */
function BellPanel({ unread, onClose }: { unread: number; onClose: () => void }) {
  const trpc = useTRPC();
  const latest = useQuery(trpc.notifications.list.queryOptions({ per_page: LATEST }));
  const { markAllRead, open } = useNotificationActions();
  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b border-border px-3 pt-1 pb-2">
        <h2 className="text-sm font-semibold">Notifications</h2>
        <Button
          variant="ghost"
          size="sm"
          disabled={unread === 0 || markAllRead.isPending}
          aria-busy={markAllRead.isPending}
          onClick={() => markAllRead.mutate()}
        >
          <CheckCheck aria-hidden="true" />
          Mark all as read
        </Button>
      </div>
      <div className="max-h-[min(26rem,calc(100dvh-10rem))] overflow-y-auto py-1">
        {latest.isPending ? (
          <LoadingBlock label="Loading notifications..." />
        ) : latest.isError ? (
          <p role="alert" className="px-3 py-6 text-center text-sm text-destructive">
            {readServerError(latest.error, 'Failed to load notifications').message}
          </p>
        ) : latest.data.data.length === 0 ? (
          <p className="flex flex-col items-center gap-2 px-3 py-8 text-center text-sm text-muted-foreground">
            <BellOff className="size-6" aria-hidden="true" />
            No notifications yet
          </p>
        ) : (
          <ul aria-label="Latest notifications" className="flex flex-col gap-0.5">
            {latest.data.data.map((notification) => (
              <li key={notification.id}>
                <BellItem
                  notification={notification}
                  onOpen={() => {
                    open(notification);
                    if (notification.link) onClose();
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="border-t border-border px-1 pt-1.5">
        <Link
          to="/notifications"
          onClick={onClose}
          className="block rounded-md px-3 py-2 text-center text-sm font-semibold text-primary hover:bg-muted"
        >
          View all
        </Link>
      </div>
    </>
  );
}

/**
 * The bell of the header, for anyone signed in: the unread count as a badge (and in the button's name), and a
 * panel with the latest notifications. The count is polled while the page is visible (useUnreadCount).
 */
export function NotificationBell() {
  const { open, close, containerRef, panelId, buttonProps } = usePopover();
  const count = useUnreadCount();
  const unread = count.data?.unread_count ?? 0;
  const badge = badgeText(unread);
  const label = bellLabel(unread);
  return (
    <div ref={containerRef} className="relative">
      <button
        {...buttonProps}
        aria-label={label}
        title={label}
        className="relative inline-flex size-10 cursor-pointer items-center justify-center rounded-lg text-foreground hover:bg-muted"
      >
        <Bell className="size-5" aria-hidden="true" />
        {badge ? (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] leading-none font-bold text-white"
          >
            {badge}
          </span>
        ) : null}
      </button>
      <section
        id={panelId}
        hidden={!open}
        aria-label="Notifications"
        // On phones the panel spans the screen under the header; from sm it hangs under the bell.
        className="fixed inset-x-3 top-16 z-50 rounded-xl border border-border bg-card p-1.5 shadow-lg sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-96"
      >
        {open ? <BellPanel unread={unread} onClose={close} /> : null}
      </section>
    </div>
  );
}
