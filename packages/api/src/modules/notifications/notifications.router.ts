import {
  NotificationDto,
  NotificationIdInput,
  NotificationListDto,
  NotificationListInput,
  NotificationPreferencesDto,
  ReadAllDto,
  UnreadCountDto,
  UpdateNotificationPreferencesInput,
} from '@caps/contracts';
import { checkedOutput } from '../../checked-output.js';
import { authedProcedure } from '../../procedures.js';
import { router } from '../../trpc.js';
import * as notifications from './notifications.service.js';

const tag = 'Notifications';

/** The bell and the preferences of the signed-in user (any role); only the caller's own notifications. */
export const notificationsRouter = router({
  list: authedProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/notifications',
        tag,
        summary:
          "The caller's notifications, newest first: page, per_page (1-100, default 20), unread (true: unread only). Answers data, current_page, last_page, per_page, total and unread_count.",
      },
    })
    .input(NotificationListInput)
    .output(checkedOutput(NotificationListDto))
    .query(({ ctx, input }) => notifications.list(ctx, input)),
  unreadCount: authedProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/notifications/unread-count',
        tag,
        summary: "How many of the caller's notifications are unread (the bell's badge; one indexed count).",
      },
    })
    .output(checkedOutput(UnreadCountDto))
    .query(({ ctx }) => notifications.unreadCount(ctx)),
  read: authedProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/notifications/{id}/read',
        tag,
        errors: [404],
        summary: "Marks one of the caller's notifications read (another user's id is 404). Answers the notification.",
      },
    })
    .input(NotificationIdInput)
    .output(checkedOutput(NotificationDto))
    .mutation(({ ctx, input }) => notifications.markRead(ctx, input.id)),
  readAll: authedProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/notifications/read-all',
        tag,
        summary: 'Marks every unread notification of the caller read. Answers how many changed and unread_count (0).',
      },
    })
    .output(checkedOutput(ReadAllDto))
    .mutation(({ ctx }) => notifications.markAllRead(ctx)),
  preferences: authedProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/notification-preferences',
        tag,
        summary:
          "Every kind of message the caller's role receives, with its label, whether it is essential (always sent) and whether email and in-app are on.",
      },
    })
    .output(checkedOutput(NotificationPreferencesDto))
    .query(({ ctx }) => notifications.preferences(ctx)),
  updatePreferences: authedProcedure
    .meta({
      rest: {
        method: 'PUT',
        path: '/notification-preferences',
        tag,
        summary:
          'Turns kinds on or off: preferences [{kind, email?, in_app?}]. Turning off an essential kind (order, payment and security messages) or naming a kind the role does not receive is 422 and changes nothing. Answers every preference.',
      },
    })
    .input(UpdateNotificationPreferencesInput)
    .output(checkedOutput(NotificationPreferencesDto))
    .mutation(({ ctx, input }) => notifications.updatePreferences(ctx, input)),
});
