import {
  NOTIFICATION_KIND_INFO,
  NOTIFICATION_TEXT,
  type NotificationDto,
  type NotificationKind,
  type NotificationListDto,
  type NotificationListInput,
  type NotificationPreferencesDto,
  notificationKindsFor,
  type UnreadCountDto,
  type UpdateNotificationPreferencesInput,
} from '@caps/contracts';
import type { z } from 'zod';
import type { AuthedContext } from '../../access/roles.js';
import { DomainError } from '../../errors.js';
import { pageOf } from '../admin/admin.mapper.js';
import {
  type NotificationPreference,
  NotificationPreferenceSchema,
  NotificationSchema,
} from './notifications.entities.js';
import { toNotificationDto, toPreferenceDto } from './notifications.mapper.js';

/**
 * The bell and the preferences of the signed-in user (docs/notifications.md). Every query is filtered by
 * the caller's id: another user's notification reads as not found.
 */

type ListQuery = z.output<typeof import('@caps/contracts').NotificationListInput>;
type PreferencesUpdate = z.output<typeof import('@caps/contracts').UpdateNotificationPreferencesInput>;

/** The caller's unread notifications: one count on the (user, read_at) index. */
const unreadOf = (ctx: AuthedContext) => ctx.em.count(NotificationSchema, { user: ctx.user.id, readAt: null });

/** GET /notifications: the caller's own, newest first, with the unread count. */
export async function list(ctx: AuthedContext, input: ListQuery): Promise<NotificationListDto> {
  const where = { user: ctx.user.id, ...(input.unread ? { readAt: null } : {}) };
  const [rows, total] = await ctx.em.findAndCount(NotificationSchema, where, {
    orderBy: { createdAt: 'desc', id: 'desc' },
    limit: input.per_page,
    offset: (input.page - 1) * input.per_page,
  });
  return { data: rows.map(toNotificationDto), ...pageOf(total, input), unread_count: await unreadOf(ctx) };
}

/** GET /notifications/unread-count: the bell's badge. */
export async function unreadCount(ctx: AuthedContext): Promise<UnreadCountDto> {
  return { unread_count: await unreadOf(ctx) };
}

/** POST /notifications/{id}/read: idempotent (the first reading's time stays); another user's id is 404. */
export async function markRead(ctx: AuthedContext, id: number): Promise<NotificationDto> {
  const mine = { id, user: ctx.user.id };
  await ctx.em.nativeUpdate(NotificationSchema, { ...mine, readAt: null }, { readAt: ctx.services.clock.now() });
  const notification = await ctx.em.findOne(NotificationSchema, mine);
  if (!notification) throw new DomainError('NOT_FOUND', NOTIFICATION_TEXT.notificationNotFound);
  return toNotificationDto(notification);
}

/** POST /notifications/read-all: every unread notification of the caller. */
export async function markAllRead(ctx: AuthedContext): Promise<{ updated: number; unread_count: number }> {
  const updated = await ctx.em.nativeUpdate(
    NotificationSchema,
    { user: ctx.user.id, readAt: null },
    { readAt: ctx.services.clock.now() },
  );
  // Counted again rather than assumed 0: a notification may have arrived meanwhile.
  return { updated, unread_count: await unreadOf(ctx) };
}

type Choice = Pick<NotificationPreference, 'kind' | 'email' | 'inApp'>;

/** Every kind the caller's role receives, as the stored choices (a row per changed kind) make it. */
function preferencesOf(ctx: AuthedContext, choices: Choice[]): NotificationPreferencesDto {
  return {
    preferences: notificationKindsFor(ctx.user.role).map((kind) =>
      toPreferenceDto(
        kind,
        choices.find((choice) => choice.kind === kind),
      ),
    ),
  };
}

const choicesOf = (ctx: AuthedContext): Promise<Choice[]> =>
  ctx.em.find(NotificationPreferenceSchema, { user: ctx.user.id }, { fields: ['kind', 'email', 'inApp'] });

/** GET /notification-preferences: every kind the caller's role receives. */
export async function preferences(ctx: AuthedContext): Promise<NotificationPreferencesDto> {
  return preferencesOf(ctx, await choicesOf(ctx));
}

const channelMissing = (kind: NotificationKind, channel: 'email' | 'in_app') =>
  `${NOTIFICATION_KIND_INFO[kind].label} is not sent ${channel === 'email' ? 'by email' : 'in the app'}.`;
const namedTwice = 'Each kind may be named once.';

/** Why one requested change is refused (field and message), or null when it is allowed. */
function refusalOf(
  ctx: AuthedContext,
  change: PreferencesUpdate['preferences'][number],
  index: number,
  seen: Set<NotificationKind>,
): [string, string] | null {
  const info = NOTIFICATION_KIND_INFO[change.kind];
  const at = `preferences.${index}`;
  if (!info.roles.includes(ctx.user.role)) return [`${at}.kind`, NOTIFICATION_TEXT.kindNotForRole];
  if (seen.has(change.kind)) return [`${at}.kind`, namedTwice];
  seen.add(change.kind);
  if (change.email !== undefined && !info.email) return [`${at}.email`, channelMissing(change.kind, 'email')];
  if (change.in_app !== undefined && !info.inApp) return [`${at}.in_app`, channelMissing(change.kind, 'in_app')];
  if (info.essential && (change.email === false || change.in_app === false)) {
    return [`${at}.${change.email === false ? 'email' : 'in_app'}`, NOTIFICATION_TEXT.essentialKind];
  }
  return null;
}

/**
 * PUT /notification-preferences: every change is checked before any is stored (one refusal changes
 * nothing); then each named kind's row is written in one upsert, keeping a channel the change leaves out.
 */
export async function updatePreferences(
  ctx: AuthedContext,
  input: PreferencesUpdate,
): Promise<NotificationPreferencesDto> {
  const seen = new Set<NotificationKind>();
  const refusals = input.preferences
    .map((change, index) => refusalOf(ctx, change, index, seen))
    .filter((refusal) => refusal !== null);
  const [first] = refusals;
  if (first) {
    const fields = Object.fromEntries(refusals.map(([field, message]) => [field, [message]]));
    throw new DomainError('VALIDATION', first[1], fields);
  }
  const stored = await choicesOf(ctx);
  // An essential kind has nothing to store (it is always sent); the checks refused turning one off.
  const changed: Choice[] = input.preferences
    .filter((change) => !NOTIFICATION_KIND_INFO[change.kind].essential)
    .map((change) => {
      const before = stored.find((choice) => choice.kind === change.kind);
      return {
        kind: change.kind,
        email: change.email ?? before?.email ?? true,
        inApp: change.in_app ?? before?.inApp ?? true,
      };
    });
  if (changed.length) {
    const now = ctx.services.clock.now();
    // One statement: every named kind is written or none is.
    await ctx.em
      .createQueryBuilder(NotificationPreferenceSchema)
      .insert(changed.map((choice) => ({ ...choice, user: ctx.user.id, updatedAt: now })))
      .onConflict(['user', 'kind'])
      .merge(['email', 'inApp', 'updatedAt'])
      .execute('run');
  }
  const unchanged = stored.filter((choice) => !changed.some((c) => c.kind === choice.kind));
  return preferencesOf(ctx, [...unchanged, ...changed]);
}

export type { NotificationListInput, UpdateNotificationPreferencesInput };
