import { createHash } from 'node:crypto';
import { NOTIFICATION_KIND_INFO, type NotificationKind } from '@caps/contracts';
import type { RequiredEntityData } from '@mikro-orm/core';
import type { Services } from '../../context.js';
import type { Em } from '../../db/orm.js';
import { UserSchema } from '../auth/auth.entities.js';
import {
  type EmailMessage,
  EmailMessageSchema,
  type Notification,
  NotificationPreferenceSchema,
  NotificationSchema,
} from './notifications.entities.js';
import { markEmailsWritten } from './outbox.js';
import { type EmailContent, headerSafe } from './templates/layout.js';

/** Who a message is for: an account (email and bell), or a bare address (the support mailbox: email only). */
export type Recipient = { user: { id: number; email: string } } | { address: string };

export interface InAppContent {
  title: string;
  body: string;
  /** A path of the web app (/order/12), or null. */
  link: string | null;
}

/** One message to one recipient, as the code that causes it describes it. */
export interface Notice {
  /** The event, the same for every retry of its cause: `order:12:shipped`. The recipient is added to it. */
  event: string;
  kind: NotificationKind;
  recipient: Recipient;
  /** The rendered email (the kind must have the email channel). */
  email?: EmailContent | undefined;
  /** The bell's item (the kind must have the in-app channel; accounts only). */
  inApp?: InAppContent | undefined;
}

/** A unique key of at most 150 characters: the readable key, or its beginning and a digest when longer. */
function keyOf(parts: string): string {
  if (parts.length <= 150) return parts;
  return `${parts.slice(0, 85)}#${createHash('sha256').update(parts).digest('hex')}`;
}

/** The Message-ID of an outbox row: stable for its key, so a resend after a crash is the same message. */
export function messageIdOf(key: string, publicUrl: string): string {
  let host = 'localhost';
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // A malformed PUBLIC_URL is refused at start; keep localhost here.
  }
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${host}>`;
}

/** Every active admin, as recipients (new shops, reports, contact messages). */
export async function adminRecipients(em: Em): Promise<Recipient[]> {
  const admins = await em.find(
    UserSchema,
    { role: 'admin', status: 'active' },
    { fields: ['id', 'email'], orderBy: { id: 'asc' } },
  );
  return admins.map((user) => ({ user: { id: user.id, email: user.email } }));
}

/**
 * Writes the notices' in-app notifications and outbox emails with `em`: call it inside the transaction of
 * the change that causes them, so both commit or neither does. A user's preferences are honoured for
 * non-essential kinds; a notice written before (same event and recipient) is skipped. Emails are
 * `pending` for the outbox worker when SMTP is configured, else `kept` (stored, never sent).
 */
export async function notify(em: Em, services: Services, notices: Notice[]): Promise<void> {
  if (notices.length === 0) return;
  const now = services.clock.now();
  const userIds = [...new Set(notices.flatMap((n) => ('user' in n.recipient ? [n.recipient.user.id] : [])))];
  const optional = [...new Set(notices.map((n) => n.kind).filter((kind) => !NOTIFICATION_KIND_INFO[kind].essential))];
  const preferences =
    userIds.length && optional.length
      ? await em.find(NotificationPreferenceSchema, { user: { $in: userIds }, kind: { $in: optional } })
      : [];
  const choice = (userId: number, kind: NotificationKind) =>
    preferences.find((p) => p.user.id === userId && p.kind === kind);

  const notifications: RequiredEntityData<Notification>[] = [];
  const emails: RequiredEntityData<EmailMessage>[] = [];
  for (const notice of notices) {
    const info = NOTIFICATION_KIND_INFO[notice.kind];
    const user = 'user' in notice.recipient ? notice.recipient.user : null;
    const wanted = user && !info.essential ? choice(user.id, notice.kind) : undefined;
    if (notice.inApp && info.inApp && user && (wanted?.inApp ?? true)) {
      notifications.push({
        key: keyOf(`${notice.event}:user:${user.id}`),
        user: user.id,
        kind: notice.kind,
        title: headerSafe(notice.inApp.title, 200),
        body: notice.inApp.body.slice(0, 1000),
        link: notice.inApp.link?.slice(0, 300) ?? null,
        readAt: null,
        createdAt: now,
      });
    }
    if (notice.email && info.email && (wanted?.email ?? true)) {
      const to = user ? user.email : (notice.recipient as { address: string }).address;
      const key = keyOf(`${notice.event}:email:${user ? `user:${user.id}` : to}`);
      const kept = !services.mailer;
      emails.push({
        key,
        kind: notice.kind,
        user: user?.id ?? null,
        toAddress: headerSafe(to, 254),
        subject: headerSafe(notice.email.subject, 300),
        html: notice.email.html,
        text: notice.email.text,
        status: kept ? 'kept' : 'pending',
        attempts: 0,
        nextAttemptAt: kept ? null : now,
        lockedUntil: null,
        claim: null,
        lastError: null,
        messageId: messageIdOf(key, services.config.publicUrl),
        sentAt: null,
        createdAt: now,
      });
    }
  }
  if (notifications.length) {
    await em.createQueryBuilder(NotificationSchema).insert(notifications).onConflict('key').ignore().execute('run');
  }
  if (emails.length) {
    await em.createQueryBuilder(EmailMessageSchema).insert(emails).onConflict('key').ignore().execute('run');
    // Its commit wakes this process's outbox worker (jobs.ts "deliver-outbox"), so it goes out at once.
    if (services.mailer) markEmailsWritten(em);
  }
}
