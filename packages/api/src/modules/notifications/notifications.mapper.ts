import {
  NOTIFICATION_KIND_INFO,
  type NotificationDto,
  type NotificationKind,
  type NotificationPreferenceDto,
} from '@caps/contracts';
import type { Notification, NotificationPreference } from './notifications.entities.js';

/** An in-app notification as its recipient sees it. */
export function toNotificationDto(notification: Notification): NotificationDto {
  return {
    id: notification.id,
    kind: notification.kind,
    title: notification.title,
    body: notification.body,
    link: notification.link ?? null,
    read: Boolean(notification.readAt),
    read_at: notification.readAt?.toISOString() ?? null,
    created_at: notification.createdAt.toISOString(),
  };
}

/**
 * One kind as the preferences page shows it: a channel the kind lacks is off; an essential kind's channels
 * are on whatever a stored row says; otherwise the stored choice, on by default (no row).
 */
export function toPreferenceDto(
  kind: NotificationKind,
  chosen: Pick<NotificationPreference, 'email' | 'inApp'> | undefined,
): NotificationPreferenceDto {
  const info = NOTIFICATION_KIND_INFO[kind];
  const wanted = (channel: boolean, choice: boolean | undefined) => channel && (info.essential || (choice ?? true));
  return {
    kind,
    label: info.label,
    essential: info.essential,
    email: wanted(info.email, chosen?.email),
    in_app: wanted(info.inApp, chosen?.inApp),
    channels: { email: info.email, in_app: info.inApp },
  };
}
