import { randomBytes } from 'node:crypto';
import { outboxLeaseSeconds } from '../../config.js';
import type { Services } from '../../context.js';
import type { Em } from '../../db/orm.js';
import { PermanentSendError } from './mailer.js';
import { type EmailMessage, EmailMessageSchema } from './notifications.entities.js';

/**
 * The outbox worker (docs/notifications.md "How email is delivered"): claims due emails one by one with a
 * conditional update, sends each through `services.mailer` and records the outcome under the same claim.
 * Safe to run in several processes at once: only the worker whose claim changed the row sends it, and a
 * worker whose lease ran out (and was overtaken) records nothing.
 */

export interface OutboxRun {
  /** Rows this run took (its conditional update changed them). */
  claimed: number;
  /** Accepted by the SMTP server. */
  sent: number;
  /** Refused or unreachable: put back for a later try. */
  retried: number;
  /** Refused on their last try: marked failed, for an admin to see and retry. */
  failed: number;
}

export interface DeliverOptions {
  /** Batches of `outbox.batchSize` rows one run takes at most (default 10): one run empties a normal backlog. */
  maxBatches?: number;
}

type Due = Pick<EmailMessage, 'id' | 'toAddress' | 'subject' | 'html' | 'text' | 'messageId' | 'attempts'>;

/** Pending, due, and not held by a live lease. */
const dueWhere = (now: Date) => ({
  status: 'pending' as const,
  nextAttemptAt: { $lte: now },
  $or: [{ lockedUntil: null }, { lockedUntil: { $lt: now } }],
});

/** Delivers what is due now; answers what it did. With no mailer (no SMTP_URL) it does nothing. */
export async function deliverOutbox(services: Services, options: DeliverOptions = {}): Promise<OutboxRun> {
  const run: OutboxRun = { claimed: 0, sent: 0, retried: 0, failed: 0 };
  const mailer = services.mailer;
  if (!mailer) return run;
  const { batchSize } = services.config.outbox;
  for (let batch = 0; batch < (options.maxBatches ?? 10); batch++) {
    const em = services.orm.em.fork() as Em;
    const due: Due[] = await em.find(EmailMessageSchema, dueWhere(services.clock.now()), {
      fields: ['id', 'toAddress', 'subject', 'html', 'text', 'messageId', 'attempts'],
      orderBy: { nextAttemptAt: 'asc', id: 'asc' },
      limit: batchSize,
      disableIdentityMap: true,
    });
    for (const row of due) {
      const claim = await claimRow(em, services, row);
      if (!claim) continue;
      run.claimed++;
      try {
        await mailer.send({
          to: row.toAddress,
          subject: row.subject,
          html: row.html,
          text: row.text,
          messageId: row.messageId,
        });
      } catch (error) {
        run[await recordFailure(em, services, row, claim, error)]++;
        continue;
      }
      const sentAt = services.clock.now();
      await recordOutcome(em, row.id, claim, {
        status: 'sent',
        attempts: row.attempts + 1,
        sentAt,
        lastError: null,
        ...withoutSecrets(row),
      });
      run.sent++;
    }
    if (due.length < batchSize) break;
  }
  return run;
}

/** A password reset link's token in an email's HTML or text. */
const RESET_TOKEN = /(\/reset-password\?token=)[A-Za-z0-9_%-]+/g;
/** What a finished email keeps of a reset link. */
export const REMOVED_TOKEN = '(link removed once sent)';

/**
 * The parts of a finished email (sent or failed) that change once its secrets are taken out: a reset
 * link's token lives in the outbox only until the email is sent (the account's database keeps its hash
 * only), so neither a database copy nor an admin reading the Sent Email tab can use it. Empty when there is
 * nothing to take out. Kept emails (no SMTP_URL) keep their link: it is the only way the demo can show it.
 */
export function withoutSecrets(row: Pick<EmailMessage, 'html' | 'text'>): Partial<Pick<EmailMessage, 'html' | 'text'>> {
  const html = row.html.replace(RESET_TOKEN, `$1${REMOVED_TOKEN}`);
  const text = row.text.replace(RESET_TOKEN, `$1${REMOVED_TOKEN}`);
  return html === row.html && text === row.text ? {} : { html, text };
}

/** Takes one row for this worker: answers the claim token, or null when another worker has it (or it changed). */
async function claimRow(em: Em, services: Services, row: Due): Promise<string | null> {
  const now = services.clock.now();
  const claim = randomBytes(16).toString('hex');
  const changed = await em.nativeUpdate(
    EmailMessageSchema,
    // `attempts` pins the row as it was read: a retry recorded meanwhile by another worker makes this miss.
    { id: row.id, attempts: row.attempts, ...dueWhere(now) },
    { claim, lockedUntil: new Date(now.getTime() + outboxLeaseSeconds(services.config) * 1000) },
  );
  return changed === 1 ? claim : null;
}

/** Records an outcome and lets the row go, only while this worker's claim still holds. */
function recordOutcome(em: Em, id: number, claim: string, outcome: Partial<EmailMessage>): Promise<number> {
  return em.nativeUpdate(EmailMessageSchema, { id, claim }, { ...outcome, claim: null, lockedUntil: null });
}

/**
 * A try failed: the next one after firstRetrySeconds · 2^(tries − 1) (2, 4, 8, 16, 32 minutes by default),
 * or `failed` after `maxAttempts` tries, or at once when no try can succeed (PermanentSendError).
 */
async function recordFailure(
  em: Em,
  services: Services,
  row: Due,
  claim: string,
  error: unknown,
): Promise<'retried' | 'failed'> {
  const { maxAttempts, firstRetrySeconds } = services.config.outbox;
  const attempts = row.attempts + 1;
  const lastError = describeSendError(error, services.config.smtpUrl);
  if (attempts >= maxAttempts || error instanceof PermanentSendError) {
    await recordOutcome(em, row.id, claim, {
      status: 'failed',
      attempts,
      lastError,
      nextAttemptAt: null,
      ...withoutSecrets(row),
    });
    return 'failed';
  }
  const delayMs = retryDelaySeconds(attempts, firstRetrySeconds) * 1000;
  const nextAttemptAt = new Date(services.clock.now().getTime() + delayMs);
  await recordOutcome(em, row.id, claim, { attempts, lastError, nextAttemptAt });
  return 'retried';
}

/** Seconds to wait after the `attempts`-th failed try: firstRetrySeconds, then doubling. */
export function retryDelaySeconds(attempts: number, firstRetrySeconds: number): number {
  return firstRetrySeconds * 2 ** (attempts - 1);
}

/**
 * What an admin reads of a failed try: the transport's message with its code, on one line, at most 1000
 * characters, and never a credential: the userinfo of any URL in it, and SMTP_URL's user and password
 * wherever they appear, become `***`.
 */
export function describeSendError(error: unknown, smtpUrl?: string): string {
  const details = (error ?? {}) as { message?: unknown; code?: unknown };
  let message = error instanceof Error ? error.message : String(error);
  if (typeof details.code === 'string' && !message.includes(details.code)) message = `${details.code}: ${message}`;
  message = message.replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, '$1***@');
  for (const secret of credentialsOf(smtpUrl)) message = message.split(secret).join('***');
  return message.replace(/\s+/g, ' ').trim().slice(0, 1000) || 'Unknown error';
}

/** The user and password of an SMTP URL, as written and decoded, longest first. */
function credentialsOf(smtpUrl: string | undefined): string[] {
  if (!smtpUrl) return [];
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    return [];
  }
  const decode = (value: string) => {
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  };
  const parts = [url.password, decode(url.password), url.username, decode(url.username)];
  return [...new Set(parts.filter((part) => part.length > 0))].sort((a, b) => b.length - a.length);
}

// ---------------------------------------------------------------------------------------------------------
// The wake-up: an email goes out about as soon as the transaction that wrote it commits, not at the next tick.

/** EntityManagers (transactions) that wrote outbox rows and have not committed yet. */
const wroteEmails = new WeakSet<Em>();

/** notify() marks the transaction that wrote emails; its commit wakes the worker (see `onEmailsCommitted`). */
export function markEmailsWritten(em: Em): void {
  wroteEmails.add(em);
}

/**
 * Calls `wake` after each commit, in this process, of a transaction marked by `markEmailsWritten` (a nested
 * transaction's mark is not seen: its email waits for the job's next tick). Answers a function that stops it.
 */
export function onEmailsCommitted(services: Services, wake: () => void): () => void {
  let active = true;
  services.orm.em.getEventManager().registerSubscriber({
    afterTransactionCommit(args) {
      if (active && wroteEmails.delete(args.em as Em)) wake();
    },
  });
  return () => {
    active = false;
  };
}
