import { NOTIFICATIONS_PAGE_SIZE, type NotificationDto } from '@caps/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BellDot, BellOff, CheckCheck, Inbox, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ListPager } from '@/components/list-pager';
import { QueryView } from '@/components/query-view';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { IconTabsList, Tabs, TabsContent } from '@/components/ui/tabs';
import { cn } from '@/lib/cn';
import { useTabParam } from '@/lib/tab-param';
import { useTRPC } from '@/lib/trpc';
import { NotificationContent } from './notification-item';
import { useNotificationActions } from './notification-queries';
import { PreferencesTab } from './preferences-tab';

const TABS = [
  { value: 'all', label: 'All', icon: Inbox },
  { value: 'unread', label: 'Unread', icon: BellDot },
  // The emails' preferences link opens this tab: /notifications?tab=preferences (PREFERENCES_PATH).
  { value: 'preferences', label: 'Preferences', icon: SlidersHorizontal },
] as const;

function NotificationRow({
  notification,
  actions,
}: {
  notification: NotificationDto;
  actions: ReturnType<typeof useNotificationActions>;
}) {
  const marking = actions.markRead.isPending && actions.markRead.variables?.id === notification.id;
  const title = notification.link ? (
    <Link
      to={notification.link}
      onClick={() => actions.open(notification)}
      className="underline-offset-4 hover:underline"
    >
      {notification.title}
    </Link>
  ) : (
    notification.title
  );
  return (
    <Card
      className={cn(
        'flex flex-wrap items-start gap-3 p-4 sm:flex-nowrap',
        notification.read ? undefined : 'border-primary/40 bg-primary/5',
      )}
    >
      <NotificationContent notification={notification} title={title} />
      {notification.read ? null : (
        <Button
          variant="outline"
          size="sm"
          className="ml-auto"
          disabled={marking}
          aria-busy={marking}
          aria-label={`Mark as read: ${notification.title}`}
          onClick={() => actions.markRead.mutate({ id: notification.id })}
        >
          <CheckCheck aria-hidden="true" />
          Mark as read
        </Button>
      )}
    </Card>
  );
}

/** All or only the unread notifications, newest first, a page at a time. */
function NotificationList({ unreadOnly }: { unreadOnly: boolean }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const actions = useNotificationActions();
  const list = useQuery({
    ...trpc.notifications.list.queryOptions(
      unreadOnly
        ? { page, per_page: NOTIFICATIONS_PAGE_SIZE, unread: true }
        : { page, per_page: NOTIFICATIONS_PAGE_SIZE },
    ),
    placeholderData: keepPreviousData,
  });
  const unread = list.data?.unread_count ?? 0;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {list.data ? (unread === 1 ? '1 unread notification' : `${unread} unread notifications`) : null}
        </p>
        <Button
          variant="outline"
          disabled={unread === 0 || actions.markAllRead.isPending}
          aria-busy={actions.markAllRead.isPending}
          onClick={() => actions.markAllRead.mutate()}
        >
          <CheckCheck aria-hidden="true" />
          Mark all as read
        </Button>
      </div>
      <QueryView
        query={list}
        loading="Loading notifications..."
        failed="Failed to load notifications"
        empty={{
          icon: BellOff,
          title: unreadOnly ? 'No unread notifications' : 'No notifications yet',
          description: unreadOnly
            ? 'You have read everything.'
            : 'Orders, payments and your shop’s news will show up here.',
          when: (data) => data.data.length === 0,
        }}
      >
        {(data) => (
          <>
            <ul aria-label={unreadOnly ? 'Unread notifications' : 'Notifications'} className="flex flex-col gap-3">
              {data.data.map((notification) => (
                <li key={notification.id}>
                  <NotificationRow notification={notification} actions={actions} />
                </li>
              ))}
            </ul>
            <ListPager page={data.current_page} lastPage={data.last_page} onPage={setPage} />
          </>
        )}
      </QueryView>
    </div>
  );
}

/** /notifications: every notification of the signed-in user (any role), and which messages they receive. */
export function NotificationsPage() {
  const [tab, selectTab] = useTabParam(TABS, 'all');
  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <title>Notifications | Caps Marketplace</title>
      <h1 className="text-2xl font-bold sm:text-3xl">Notifications</h1>
      <p className="mt-1 text-muted-foreground">What happened to your orders, payments and account.</p>
      <Tabs value={tab} onValueChange={selectTab} className="mt-6">
        <IconTabsList tabs={TABS} />
        <TabsContent value="all">
          <NotificationList unreadOnly={false} />
        </TabsContent>
        <TabsContent value="unread">
          <NotificationList unreadOnly />
        </TabsContent>
        <TabsContent value="preferences">
          <PreferencesTab />
        </TabsContent>
      </Tabs>
    </section>
  );
}
