import {
  ADMIN_DETAIL_LIMIT,
  type AdminBankChangeDto,
  type AuditEntryDto,
  type PagedAuditLogDto,
} from '@caps/contracts';
import type { AuthedContext } from '../../access/roles.js';
import type { Em } from '../../db/orm.js';
import { AuditLogSchema } from '../auth/auth.entities.js';
import { type PageQuery, pageOf } from './admin.mapper.js';

/** What an admin action was done to: one of the record kinds an admin can change. */
export type AuditTarget =
  | 'user'
  | 'vendor'
  | 'product'
  | 'report'
  | 'contact_message'
  | 'settings'
  | 'payout'
  | 'return'
  | 'order'
  | 'email';

/**
 * Records who did what to which record, and when. Pass the transaction's EntityManager: the entry is
 * flushed with the write it describes, so there is never a change without its entry or the reverse.
 */
export function recordAdminAction(
  em: Em,
  ctx: Pick<AuthedContext, 'user'>,
  action: string,
  targetType: AuditTarget,
  /** null for an action on no one record (a payout run). */
  targetId: number | null,
  details: Record<string, unknown> | null = null,
): void {
  recordAction(em, ctx.user.id, action, targetType, targetId, details);
}

/** The same record for work the system does on its own (actor null: a scheduled job) or for an admin. */
export function recordAction(
  em: Em,
  actorId: number | null,
  action: string,
  targetType: AuditTarget,
  targetId: number | null,
  details: Record<string, unknown> | null = null,
): { id: number } {
  return em.create(AuditLogSchema, { actor: actorId, action, targetType, targetId, details });
}

/** GET /admin/audit-log: newest first, one page at a time. */
export async function listAuditLog(ctx: AuthedContext, query: PageQuery): Promise<PagedAuditLogDto> {
  const [entries, total] = await ctx.em.findAndCount(
    AuditLogSchema,
    {},
    {
      populate: ['actor'],
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    },
  );
  const data: AuditEntryDto[] = entries.map((entry) => ({
    id: entry.id,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId ?? null,
    details: entry.details ?? null,
    actor: entry.actor ? { id: entry.actor.id, name: entry.actor.fullName, email: entry.actor.email } : null,
    created_at: entry.createdAt.toISOString(),
  }));
  return { data, ...pageOf(total, query) };
}

const textOr = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A shop's bank account changes (audited as `bank_details_changed` by the profile update), newest first. */
export async function bankChangesOf(em: Em, vendorId: number): Promise<AdminBankChangeDto[]> {
  const entries = await em.find(
    AuditLogSchema,
    { action: 'bank_details_changed', targetType: 'vendor', targetId: vendorId },
    { populate: ['actor'], orderBy: { createdAt: 'desc', id: 'desc' }, limit: ADMIN_DETAIL_LIMIT },
  );
  return entries.map((entry) => {
    const details = entry.details ?? {};
    return {
      id: entry.id,
      changed_at: entry.createdAt.toISOString(),
      changed_by: entry.actor?.fullName ?? null,
      old_bank_code: textOr(details.old_bank_code),
      old_bank_name: textOr(details.old_bank_name),
      old_account_last4: textOr(details.old_account_last4),
      new_bank_code: textOr(details.new_bank_code),
      new_bank_name: textOr(details.new_bank_name),
      new_account_last4: textOr(details.new_account_last4),
    };
  });
}
