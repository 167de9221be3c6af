import { NOTIFICATIONS_POLL_MS, type NotificationDto } from '@caps/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from '@/components/ui/toaster';
import { readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';
import { retryUnlessDenied } from '@/lib/use-auth-failure';

/**
 * The bell's unread count: asked every NOTIFICATIONS_POLL_MS while the page is visible (never from a tab in
 * the background) and again when the window gets focus. One indexed count on the server.
 */
export function useUnreadCount() {
  const trpc = useTRPC();
  return useQuery(
    trpc.notifications.unreadCount.queryOptions(undefined, {
      refetchInterval: NOTIFICATIONS_POLL_MS,
      refetchIntervalInBackground: false,
      refetchOnWindowFocus: true,
      retry: retryUnlessDenied,
    }),
  );
}

/** Reloads the lists and the count after a change (a read, all read); the preferences stay as they are. */
function useRefreshNotifications(): () => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.notifications.list.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.notifications.unreadCount.queryKey() }),
    ]);
  }, [queryClient, trpc]);
}

/** Mark one read, and mark all read; a failure is a toast with the server's reason. */
export function useNotificationActions() {
  const trpc = useTRPC();
  const refresh = useRefreshNotifications();
  const failed = (title: string) => (error: unknown) =>
    void toast.error(title, { description: readServerError(error, 'Please try again').message });
  const markRead = useMutation(
    trpc.notifications.read.mutationOptions({
      onError: failed('Failed to mark the notification as read'),
      onSettled: refresh,
    }),
  );
  const markAllRead = useMutation(
    trpc.notifications.readAll.mutationOptions({
      onSuccess: (result) =>
        void toast.success('All notifications marked as read', {
          description:
            result.updated === 1 ? '1 notification was unread.' : `${result.updated} notifications were unread.`,
        }),
      onError: failed('Failed to mark all as read'),
      onSettled: refresh,
    }),
  );
  /** Marks a notification read when it is still unread (following its link, say); read ones cost nothing. */
  const open = (notification: NotificationDto) => {
    if (!notification.read) markRead.mutate({ id: notification.id });
  };
  return { markRead, markAllRead, open };
}
