import type {
  NotificationDto,
  NotificationListDto,
  NotificationListInput,
  NotificationPreferencesDto,
  UnreadCountDto,
  UpdateNotificationPreferencesInput,
} from '@caps/contracts';
import type { z } from 'zod';
import type { AuthedContext } from '../../access/roles.js';

// Implemented by the in-app notifications work (issue 14); signatures fixed by the router.

export async function list(
  _ctx: AuthedContext,
  _input: z.output<typeof import('@caps/contracts').NotificationListInput>,
): Promise<NotificationListDto> {
  throw new Error('not implemented yet');
}
export async function unreadCount(_ctx: AuthedContext): Promise<UnreadCountDto> {
  throw new Error('not implemented yet');
}
export async function markRead(_ctx: AuthedContext, _id: number): Promise<NotificationDto> {
  throw new Error('not implemented yet');
}
export async function markAllRead(_ctx: AuthedContext): Promise<{ updated: number; unread_count: number }> {
  throw new Error('not implemented yet');
}
export async function preferences(_ctx: AuthedContext): Promise<NotificationPreferencesDto> {
  throw new Error('not implemented yet');
}
export async function updatePreferences(
  _ctx: AuthedContext,
  _input: z.output<typeof import('@caps/contracts').UpdateNotificationPreferencesInput>,
): Promise<NotificationPreferencesDto> {
  throw new Error('not implemented yet');
}
export type { NotificationListInput, UpdateNotificationPreferencesInput };
