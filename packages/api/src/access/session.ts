import type { Em } from '../db/orm.js';
import { type Session, SessionSchema, type User } from '../modules/auth/auth.entities.js';
import { bearerTokenOf, tokenDigest } from '../modules/auth/tokens.js';

export type AuthState = { user: User; session: Session } | { user: null; session: null; reason: 'missing' | 'invalid' };

const LAST_USED_RESOLUTION_MS = 60_000;

/** Who holds this bearer header. Expired, revoked, malformed and unknown tokens all read as invalid. */
export async function resolveSession(em: Em, authorization: string | undefined): Promise<AuthState> {
  const token = bearerTokenOf(authorization);
  if (token === undefined) return { user: null, session: null, reason: 'missing' };
  if (token === null) return { user: null, session: null, reason: 'invalid' };
  const session = await em.findOne(
    SessionSchema,
    { tokenHash: tokenDigest(token), revokedAt: null },
    { populate: ['user'] },
  );
  const now = new Date();
  if (!session || session.expiresAt <= now || session.user.status !== 'active') {
    return { user: null, session: null, reason: 'invalid' };
  }
  if (now.getTime() - session.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    // Remembered at minute resolution, so a busy client does not write on every request.
    await em.nativeUpdate(SessionSchema, { id: session.id }, { lastUsedAt: now });
  }
  return { user: session.user, session };
}
