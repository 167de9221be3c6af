import type { NotificationDto } from '@caps/contracts';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/components/order-status';
import { cn } from '@/lib/cn';

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/** "just now", "5 minutes ago", "yesterday"; a week or more shows the date and time. */
export function formatAge(iso: string, now = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return iso;
  let amount = Math.round((now - then) / 1000 / 60);
  if (amount < 1) return 'just now';
  for (const [unit, size] of STEPS) {
    if (amount < size) return relative.format(-amount, unit);
    amount = Math.floor(amount / size);
  }
  return formatDateTime(iso);
}

/**
 * What a notification says: an unread mark, its title, body and age. `title` is the title as the caller
 * wraps it (a link to where it leads, or plain text); unread ones say so to screen readers too.
 */
export function NotificationContent({
  notification,
  title,
  compact = false,
}: {
  notification: NotificationDto;
  title: ReactNode;
  compact?: boolean;
}) {
  return (
    <div className="flex min-w-0 flex-1 gap-3">
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', notification.read ? 'bg-transparent' : 'bg-primary')}
      />
      <div className="min-w-0 flex-1">
        <p className={cn('text-sm break-words', notification.read ? 'font-medium' : 'font-bold')}>
          {notification.read ? null : <span className="sr-only">Unread: </span>}
          {title}
        </p>
        <p className={cn('mt-0.5 text-sm break-words text-muted-foreground', compact && 'line-clamp-2')}>
          {notification.body}
        </p>
        <time
          dateTime={notification.created_at}
          title={formatDateTime(notification.created_at)}
          className="mt-1 block text-xs text-muted-foreground"
        >
          {formatAge(notification.created_at)}
        </time>
      </div>
    </div>
  );
}
