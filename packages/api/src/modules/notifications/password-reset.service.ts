import {
  type ForgotPasswordInput,
  NOTIFICATION_TEXT,
  PASSWORD_RESET_TTL_MINUTES,
  type ResetPasswordDto,
  type ResetPasswordInput,
} from '@caps/contracts';
import { runAfterAnswer } from '../../after-answer.js';
import type { Context, Services } from '../../context.js';
import type { Em } from '../../db/orm.js';
import { DomainError } from '../../errors.js';
import { SessionSchema, UserSchema } from '../auth/auth.entities.js';
import { hashPassword } from '../auth/password.js';
import { isWellFormedToken, newToken, tokenDigest } from '../auth/tokens.js';
import { passwordChanged, passwordResetRequested } from './events/account.js';
import { PasswordResetTokenSchema } from './notifications.entities.js';

/**
 * Forgotten passwords (docs/notifications.md "Password reset"). The answer to a request never tells whether
 * the email has an account, is suspended or is over its limit; the link's token is stored only as a digest,
 * works once and for PASSWORD_RESET_TTL_MINUTES.
 */

const HOUR_MS = 60 * 60 * 1000;
/** Reset requests one address may make an hour; above it requests are answered the same and send nothing. */
export const FORGOT_PASSWORD_PER_IP_PER_HOUR = 30;

const forgotAnswer = () => ({ message: NOTIFICATION_TEXT.forgotAnswer });

/**
 * Whether a reset email may go out for this request: at most FORGOT_PASSWORD_PER_IP_PER_HOUR requests per
 * IP address and `passwordResetPerEmailPerHour` per email an hour, counted before the account is looked up,
 * so an email with no account counts (and costs) the same.
 */
async function withinLimits(ctx: Context, email: string): Promise<boolean> {
  const limiter = ctx.services.rateLimiter;
  const byIp = await limiter.reserve(`password-forgot:ip:${ctx.request.ip}`, FORGOT_PASSWORD_PER_IP_PER_HOUR, HOUR_MS);
  if (!byIp.allowed) return false;
  const perEmail = ctx.services.config.passwordResetPerEmailPerHour;
  const byEmail = await limiter.reserve(`password-forgot:email:${email}`, perEmail, HOUR_MS);
  return byEmail.allowed;
}

/**
 * POST /password/forgot: the same answer for every email, given before the account is looked up: the
 * limits (counted alike for every email) are all the request does; an active account within them gets its
 * link from work started after the answer, so the answer's time cannot tell whether the account exists.
 */
export async function forgotPassword(ctx: Context, input: ForgotPasswordInput): Promise<{ message: string }> {
  const email = input.email.trim().toLowerCase();
  if (await withinLimits(ctx, email)) {
    const { services } = ctx;
    const ip = ctx.request.ip.slice(0, 64);
    runAfterAnswer(ctx, 'password reset request', () => sendResetLink(services, email, ip));
  }
  return forgotAnswer();
}

/**
 * The work of a reset request, after its answer: an active account gets a token (stored as its digest) and
 * its email in the outbox, in one transaction. A suspended or unknown account gets nothing.
 */
async function sendResetLink(services: Services, email: string, ip: string): Promise<void> {
  const em = services.orm.em.fork() as Em;
  const user = await em.findOne(UserSchema, { email });
  if (user?.status !== 'active') return;
  const token = newToken();
  await em.transactional(async (tx) => {
    const now = services.clock.now();
    // The limiter's count lives in memory (or Redis); the tokens themselves are the durable count.
    const recent = await tx.count(PasswordResetTokenSchema, {
      user: user.id,
      createdAt: { $gt: new Date(now.getTime() - HOUR_MS) },
    });
    if (recent >= services.config.passwordResetPerEmailPerHour) return;
    const row = tx.create(PasswordResetTokenSchema, {
      user,
      tokenHash: tokenDigest(token),
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000),
      usedAt: null,
      ip,
      createdAt: now,
    });
    await tx.flush();
    await passwordResetRequested(tx, services, user, { tokenId: row.id, token });
  });
}

const invalidToken = () => new DomainError('INVALID_RESET_TOKEN', NOTIFICATION_TEXT.invalidResetToken);

/**
 * POST /password/reset: takes the token with a conditional update (unused and unexpired), so of two
 * concurrent resets one wins; sets the password, signs out every session, voids the account's other
 * links and tells the account, all in one transaction. A suspended account's password is reset too, but
 * its sign-in stays refused (answering otherwise would tell who is suspended).
 */
export async function resetPassword(ctx: Context, input: ResetPasswordInput): Promise<ResetPasswordDto> {
  if (!isWellFormedToken(input.token)) throw invalidToken();
  const { services } = ctx;
  const found = await ctx.em.findOne(
    PasswordResetTokenSchema,
    { tokenHash: tokenDigest(input.token), usedAt: null, expiresAt: { $gt: services.clock.now() } },
    { populate: ['user'] },
  );
  if (!found) throw invalidToken();
  // Hashed only for a live token (argon2 is costly), and before the transaction, so it holds no lock meanwhile.
  const passwordHash = await hashPassword(input.password);
  const user = found.user;
  await ctx.em.transactional(async (em) => {
    const now = services.clock.now();
    const taken = await em.nativeUpdate(
      PasswordResetTokenSchema,
      { id: found.id, usedAt: null, expiresAt: { $gt: now } },
      { usedAt: now },
    );
    if (taken !== 1) throw invalidToken();
    await em.nativeUpdate(UserSchema, { id: user.id }, { passwordHash, updatedAt: now });
    await em.nativeUpdate(SessionSchema, { user: user.id, revokedAt: null }, { revokedAt: now });
    await em.nativeUpdate(PasswordResetTokenSchema, { user: user.id, usedAt: null }, { usedAt: now });
    await passwordChanged(em, services, user, { how: 'reset', tokenId: found.id });
  });
  return { message: NOTIFICATION_TEXT.resetDone, role: user.role };
}
