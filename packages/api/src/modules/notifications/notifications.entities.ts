import { EMAIL_STATUSES, NOTIFICATION_KINDS } from '@caps/contracts';
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { UserSchema } from '../auth/auth.entities.js';

const now = () => new Date();

/**
 * An in-app notification (the bell). Written in the transaction of the change that causes it; `key` names
 * the event and the recipient (`order:12:shipped:user:5`) and is unique, so a retried event writes once.
 */
export const NotificationSchema = defineEntity({
  name: 'Notification',
  tableName: 'notifications',
  indexes: [{ properties: ['user', 'readAt'] }, { properties: ['user', 'createdAt'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    key: p.string().length(150).unique(),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade'),
    kind: p.enum([...NOTIFICATION_KINDS]),
    title: p.string().length(200),
    body: p.string().length(1000),
    /** A path of the web app (/order/12), or null. */
    link: p.string().length(300).nullable(),
    readAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(now),
  },
});
export type Notification = InferEntity<typeof NotificationSchema>;

/**
 * One email in the outbox: rendered and committed with the change that causes it, delivered afterwards by
 * the outbox worker (outbox.ts). `key` (event and recipient) is unique, so an event enqueues once; the
 * worker claims a row with a conditional update of `lockedUntil`/`claim`, so two workers never send one
 * row at once, and a crash leaves it to be claimed again when the lease runs out.
 */
export const EmailMessageSchema = defineEntity({
  name: 'EmailMessage',
  tableName: 'email_outbox',
  indexes: [{ properties: ['status', 'nextAttemptAt'] }, { properties: ['createdAt'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    key: p.string().length(150).unique(),
    kind: p.enum([...NOTIFICATION_KINDS]),
    /** The account it is for (null for an address with no account, such as the support address). */
    user: () => p.manyToOne(UserSchema).nullable().deleteRule('set null').index(),
    toAddress: p.string().length(254),
    subject: p.string().length(300),
    html: p.text(),
    text: p.text(),
    status: p.enum([...EMAIL_STATUSES]),
    /** Tries made so far. */
    attempts: p.integer().default(0),
    /** When the next try may start (pending rows). */
    nextAttemptAt: p.datetime().nullable(),
    /** A worker's claim: the row is being sent until then; after it, another worker may claim it. */
    lockedUntil: p.datetime().nullable(),
    /** The claiming worker's random token (the conditional update's witness). */
    claim: p.string().length(64).nullable(),
    lastError: p.string().length(1000).nullable(),
    /** The Message-ID header, fixed at enqueue: a resend after a crash carries the same one. */
    messageId: p.string().length(200),
    sentAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(now),
  },
});
export type EmailMessage = InferEntity<typeof EmailMessageSchema>;

/** A user's choice for one kind (rows exist only for kinds the user changed; the default is on). */
export const NotificationPreferenceSchema = defineEntity({
  name: 'NotificationPreference',
  tableName: 'notification_preferences',
  uniques: [{ properties: ['user', 'kind'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade'),
    kind: p.enum([...NOTIFICATION_KINDS]),
    email: p.boolean(),
    inApp: p.boolean(),
    updatedAt: p.datetime().onCreate(now).onUpdate(now),
  },
});
export type NotificationPreference = InferEntity<typeof NotificationPreferenceSchema>;

/** A password reset link. Only the SHA-256 of its token is stored; used once, valid for an hour. */
export const PasswordResetTokenSchema = defineEntity({
  name: 'PasswordResetToken',
  tableName: 'password_reset_tokens',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade').index(),
    tokenHash: p.string().length(64).unique(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    ip: p.string().length(64).nullable(),
    createdAt: p.datetime().onCreate(now),
  },
});
export type PasswordResetToken = InferEntity<typeof PasswordResetTokenSchema>;
