import { USER_ROLES, USER_STATUSES } from '@caps/contracts';
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

const now = () => new Date();

export const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.integer().primary().autoincrement(),
    email: p.string().length(254).unique(),
    passwordHash: p.string().length(255),
    fullName: p.string().length(50),
    phone: p.string().length(20).nullable(),
    address: p.string().length(200).nullable(),
    role: p.enum([...USER_ROLES]).index(),
    status: p.enum([...USER_STATUSES]).default('active'),
    suspendedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(now),
    updatedAt: p.datetime().onCreate(now).onUpdate(now),
  },
});
export type User = InferEntity<typeof UserSchema>;

/** A sign-in session. Only the SHA-256 of the bearer token is stored, so a database leak reveals no token. */
export const SessionSchema = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(UserSchema).deleteRule('cascade').index(),
    tokenHash: p.string().length(64).unique(),
    userAgent: p.string().length(255).nullable(),
    ip: p.string().length(64).nullable(),
    createdAt: p.datetime().onCreate(now),
    lastUsedAt: p.datetime().onCreate(now),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
  },
});
export type Session = InferEntity<typeof SessionSchema>;

/** Who did what and when, for every admin action (read by admins). */
export const AuditLogSchema = defineEntity({
  name: 'AuditLog',
  tableName: 'audit_logs',
  properties: {
    id: p.integer().primary().autoincrement(),
    actor: () => p.manyToOne(UserSchema).nullable().deleteRule('set null'),
    action: p.string().length(64),
    targetType: p.string().length(32),
    targetId: p.integer().nullable(),
    details: p.json<Record<string, unknown>>().nullable(),
    createdAt: p.datetime().onCreate(now).index(),
  },
});
export type AuditLog = InferEntity<typeof AuditLogSchema>;
