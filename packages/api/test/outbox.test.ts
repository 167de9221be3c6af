import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxLeaseSeconds } from '../src/config.js';
import type { Services } from '../src/context.js';
import type { Em } from '../src/db/orm.js';
import { type JobDeclaration, jobDeclarations, startJobs } from '../src/jobs.js';
import { AuditLogSchema } from '../src/modules/auth/auth.entities.js';
import { EMAIL_TEXT } from '../src/modules/notifications/emails.service.js';
import { type EmailMessage, EmailMessageSchema } from '../src/modules/notifications/notifications.entities.js';
import { notify } from '../src/modules/notifications/notify.js';
import { deliverOutbox, describeSendError, retryDelaySeconds } from '../src/modules/notifications/outbox.js';
import { emailLayout, html } from '../src/modules/notifications/templates/layout.js';
import { createServices } from '../src/services.js';
import { makeUser } from './fixtures.js';
import { createTestEnv, failureOf, sessionTokenFor, type TestEnv } from './harness.js';
import { enqueueTestEmails, type ReceivedEmail, startTestSmtp, type TestEmail, type TestSmtp } from './smtp.js';

/** What the test SMTP server does with a message: accept (return) or refuse (throw); set per test. */
let decide: (message: ReceivedEmail) => Promise<void> | void = () => undefined;
let smtp: TestSmtp;
let env: TestEnv;
let adminToken: string;

const fresh = () => env.services.orm.em.fork() as Em;
/** The outbox rows of the events starting with `prefix`, oldest first. */
const rowsOf = (prefix: string, services: Services = env.services) =>
  (services.orm.em.fork() as Em).find(
    EmailMessageSchema,
    { key: { $like: `${prefix}%` } },
    { orderBy: { id: 'asc' }, disableIdentityMap: true },
  );
const rowOf = async (prefix: string): Promise<EmailMessage> => {
  const [row] = await rowsOf(prefix);
  if (!row) throw new Error(`no outbox row for ${prefix}`);
  return row;
};
const received = (subject: string) => smtp.messages.filter((m) => m.subject === subject);
const emails = (prefix: string, count: number, extra: Partial<TestEmail> = {}): TestEmail[] =>
  Array.from({ length: count }, (_, i) => ({
    event: `${prefix}:${i}`,
    to: `buyer${i}@example.com`,
    subject: `${prefix} message ${i}`,
    ...extra,
  }));
/** A refusal as an SMTP server sends it (451: try again later). */
const refusal = (code = 451) =>
  Object.assign(new Error('Requested action aborted: try again later'), { responseCode: code });

/** Polls until `predicate` holds (10 s at most: a wait, not a timing assertion). */
async function until(predicate: () => boolean, what: string) {
  const deadline = Date.now() + 10_000;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  smtp = await startTestSmtp({ decide: (message) => decide(message) });
  env = await createTestEnv({ smtpUrl: smtp.url });
  const admin = await makeUser(fresh(), { role: 'admin', fullName: 'Hauwa Admin' });
  adminToken = await sessionTokenFor(env.services, admin.id);
});
afterAll(async () => {
  await env?.close();
  await smtp?.close();
});

describe('delivery through SMTP', () => {
  it('sends a pending email with its HTML and text parts, marks it sent, and sends it once', async () => {
    decide = () => undefined;
    await enqueueTestEmails(env.services, [
      { event: 'delivered:1', to: 'amina.delivered@example.com', subject: 'Your cap is on its way' },
    ]);
    expect((await rowOf('delivered:')).status).toBe('pending');

    const run = await deliverOutbox(env.services);
    expect(run).toEqual({ claimed: 1, sent: 1, retried: 0, failed: 0 });
    const [message, ...others] = received('Your cap is on its way');
    expect(others).toEqual([]);
    expect(message?.envelopeTo).toEqual(['amina.delivered@example.com']);
    expect(message?.envelopeFrom).toBe('no-reply@capsmarket.ng');
    expect(message?.html).toContain('Caps Marketplace');
    expect(message?.html).toContain('This is delivered:1.');
    expect(message?.text).toContain('This is delivered:1.');
    expect(message?.text).toContain('Open the marketplace: http://localhost:3000/');

    const row = await rowOf('delivered:');
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, claim: null, lockedUntil: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(message?.messageId).toBe(row.messageId);

    expect(await deliverOutbox(env.services)).toEqual({ claimed: 0, sent: 0, retried: 0, failed: 0 });
    expect(received('Your cap is on its way')).toHaveLength(1);
  });

  it('wakes the worker when the transaction that wrote an email commits (no wait for the tick)', async () => {
    decide = () => undefined;
    // The tick is an hour away: only the wake-up can send it.
    const declaration = jobDeclarations(env.services.config).find((job) => job.name === 'deliver-outbox');
    if (!declaration) throw new Error('deliver-outbox is not declared');
    const quiet = { info: () => undefined, error: () => undefined };
    const jobs = startJobs(env.services, quiet, [{ ...declaration, schedule: { everyMs: 3_600_000 } }]);
    try {
      await enqueueTestEmails(env.services, emails('woken', 3));
      await smtp.waitFor(() => [0, 1, 2].every((i) => received(`woken message ${i}`).length === 1));
      await until(() => smtp.openConnections() === 0, 'the last connection to close');
    } finally {
      await jobs.stop();
    }
    expect((await rowsOf('woken:')).map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
    expect([0, 1, 2].map((i) => received(`woken message ${i}`).length)).toEqual([1, 1, 1]);
  });

  it('runs a job woken during its run once more after it, and not after stop', async () => {
    let calls = 0;
    const releases: (() => void)[] = [];
    let trigger: () => void = () => undefined;
    let stoppedWake = false;
    const job: JobDeclaration = {
      name: 'woken-job',
      schedule: { everyMs: 3_600_000 },
      handler: () => {
        calls += 1;
        return new Promise<null>((resolve) => releases.push(() => resolve(null)));
      },
      wake: (_services, wake) => {
        trigger = wake;
        return () => {
          stoppedWake = true;
        };
      },
    };
    const jobs = startJobs(env.services, { info: () => undefined, error: () => undefined }, [job]);
    trigger();
    expect(calls).toBe(1);
    // Two wakes during the run make one more run, after it.
    trigger();
    trigger();
    expect(calls).toBe(1);
    releases[0]?.();
    await until(() => calls === 2, 'the second run');
    const stopping = jobs.stop();
    expect(stoppedWake).toBe(true);
    trigger();
    releases[1]?.();
    await stopping;
    expect(calls).toBe(2);
  });

  it('retries with backoff (2, 4, 8, 16, 32 minutes), fails after 6 tries, and an admin retry delivers it', async () => {
    let refusing = true;
    decide = (message) => {
      if (refusing && message.subject === 'Retry me') throw refusal(451);
    };
    await enqueueTestEmails(env.services, [{ event: 'retry:1', to: 'retry@example.com', subject: 'Retry me' }]);
    const { maxAttempts, firstRetrySeconds } = env.services.config.outbox;
    expect(maxAttempts).toBe(6);

    const delays: number[] = [];
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const before = env.clock.now().getTime();
      const run = await deliverOutbox(env.services);
      const after = env.clock.now().getTime();
      const row = await rowOf('retry:');
      expect(row.attempts).toBe(attempt);
      expect(row.lastError).toContain('451');
      expect(row.claim).toBeNull();
      if (attempt === maxAttempts) {
        expect(run).toEqual({ claimed: 1, sent: 0, retried: 0, failed: 1 });
        expect(row.status).toBe('failed');
        expect(row.nextAttemptAt).toBeNull();
        break;
      }
      expect(run).toEqual({ claimed: 1, sent: 0, retried: 1, failed: 0 });
      expect(row.status).toBe('pending');
      const next = (row.nextAttemptAt as Date).getTime();
      const delay = retryDelaySeconds(attempt, firstRetrySeconds);
      expect(next).toBeGreaterThanOrEqual(before + delay * 1000);
      expect(next).toBeLessThanOrEqual(after + delay * 1000);
      delays.push(delay);
      // Not due yet: nothing is tried before the backoff ends.
      expect((await deliverOutbox(env.services)).claimed).toBe(0);
      env.clock.advance(delay * 1000 + 1000);
    }
    expect(delays).toEqual([120, 240, 480, 960, 1920]);
    const totalMinutes = delays.reduce((sum, s) => sum + s, 0) / 60;
    expect(totalMinutes).toBeGreaterThanOrEqual(55);
    expect(totalMinutes).toBeLessThanOrEqual(65);
    expect(received('Retry me')).toHaveLength(0);

    // The admins' Sent Email tab shows it failed, with the error.
    const admin = env.caller(adminToken);
    const failed = await admin.admin.emails.list({ status: 'failed', search: 'retry@example' });
    expect(failed.total).toBe(1);
    expect(failed.data[0]).toMatchObject({ to: 'retry@example.com', subject: 'Retry me', status: 'failed' });
    expect(failed.data[0]?.last_error).toContain('451');
    const row = await rowOf('retry:');

    refusing = false;
    const audits = await fresh().count(AuditLogSchema, { action: 'email.retry', targetId: row.id });
    const retried = await admin.admin.emails.retry({ id: row.id });
    expect(retried).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await fresh().count(AuditLogSchema, { action: 'email.retry', targetId: row.id })).toBe(audits + 1);
    // A second retry finds it pending: refused, nothing written.
    const again = await failureOf(admin.admin.emails.retry({ id: row.id }));
    expect(again).toMatchObject({ code: 'UNPROCESSABLE_CONTENT', message: EMAIL_TEXT.onlyFailed('pending') });
    expect(await fresh().count(AuditLogSchema, { action: 'email.retry', targetId: row.id })).toBe(audits + 1);

    expect(await deliverOutbox(env.services)).toEqual({ claimed: 1, sent: 1, retried: 0, failed: 0 });
    expect(received('Retry me')).toHaveLength(1);
    expect((await rowOf('retry:')).status).toBe('sent');
    const sent = await failureOf(admin.admin.emails.retry({ id: row.id }));
    expect(sent).toMatchObject({ code: 'UNPROCESSABLE_CONTENT', message: EMAIL_TEXT.onlyFailed('sent') });
    const missing = await failureOf(admin.admin.emails.get({ id: 999_999 }));
    expect(missing).toMatchObject({ code: 'NOT_FOUND', message: EMAIL_TEXT.notFound });
    expect(await failureOf(admin.admin.emails.retry({ id: 999_999 }))).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('many workers, crashes', () => {
  it('two processes delivering 40 messages at once send each exactly once', async () => {
    decide = () => undefined;
    await enqueueTestEmails(env.services, emails('pair', 40));
    const other = await createServices(
      env.db.config,
      { nodeEnv: 'test', uploadDir: env.uploadDir, smtpUrl: smtp.url },
      { clock: env.clock },
    );
    try {
      // Two services on one database are two processes' worth of connections; the third run is a second
      // worker in the first.
      const runs = await Promise.all([deliverOutbox(env.services), deliverOutbox(other), deliverOutbox(env.services)]);
      expect(runs.reduce((sum, run) => sum + run.claimed, 0)).toBe(40);
      expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(40);
    } finally {
      await other.orm.close(true);
    }
    const rows = await rowsOf('pair:');
    expect(rows.map((row) => row.status)).toEqual(Array(40).fill('sent'));
    const arrived = smtp.messages.filter((m) => m.subject.startsWith('pair message '));
    expect(arrived).toHaveLength(40);
    expect(new Set(arrived.map((m) => m.messageId))).toEqual(new Set(rows.map((row) => row.messageId)));
    expect(new Set(arrived.map((m) => m.subject)).size).toBe(40);
  });

  it('a slow server answering late is not sent the message again, by this worker or another', async () => {
    // The server takes its time over "250 OK" (the probe saw 90 s); meanwhile the clock passes what a short
    // lease would be, and a second worker looks for due emails.
    let offered = 0;
    let answerNow: () => void = () => undefined;
    decide = (message) => {
      if (!message.subject.startsWith('slow-smtp')) return;
      offered += 1;
      return new Promise<void>((resolve) => {
        answerNow = resolve;
      });
    };
    await enqueueTestEmails(env.services, emails('slow-smtp', 1));
    const first = deliverOutbox(env.services);
    await until(() => offered === 1, 'the server to receive the message');
    env.clock.advance(3 * 60_000);
    expect(outboxLeaseSeconds(env.services.config)).toBeGreaterThan(env.services.config.smtpTimeoutSeconds);
    const second = await deliverOutbox(env.services);
    expect(second.claimed).toBe(0);
    answerNow();
    expect(await first).toMatchObject({ sent: 1 });
    expect(offered).toBe(1);
    expect(received('slow-smtp message 0')).toHaveLength(1);
    expect((await rowOf('slow-smtp')).status).toBe('sent');
    decide = () => undefined;
  });

  it('a worker killed mid-batch loses nothing: after its lease, each message arrives exactly once', async () => {
    const count = 12;
    const held = 4; // the fifth message the killed worker sends
    let seen = 0;
    let reached: () => void = () => undefined;
    let release: () => void = () => undefined;
    const holding = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    decide = async (message) => {
      if (!message.subject.startsWith('crash message ') || seen++ !== held) return;
      reached();
      await released;
      // The sender died before the server answered: not accepted, so not delivered.
      throw refusal(421);
    };
    await enqueueTestEmails(env.services, emails('crash', count));

    let output = '';
    const child: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'fixtures/outbox-worker.ts')],
      {
        cwd: resolve(import.meta.dirname, '..'),
        env: {
          ...process.env,
          OUTBOX_DATABASE: JSON.stringify(env.db.config),
          SMTP_URL: smtp.url,
          UPLOAD_DIR: env.uploadDir,
          CLOCK_OFFSET_MS: String(env.clock.now().getTime() - Date.now()),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = once(child, 'exit').then(() => 'exited' as const);
    const first = await Promise.race([holding.then(() => 'holding' as const), exited]);
    if (first === 'exited') throw new Error(`the worker process ended before sending: ${output}`);

    child.kill('SIGKILL');
    await exited;
    await until(() => smtp.openConnections() === 0, "the killed worker's connection to close");
    release();

    // Four were sent and recorded by the killed worker; the fifth is claimed and not recorded; the rest wait.
    const rows = await rowsOf('crash:');
    expect(rows.map((row) => row.status)).toEqual([
      ...Array(held).fill('sent'),
      ...Array(count - held).fill('pending'),
    ]);
    const claimed = rows.filter((row) => row.claim !== null);
    expect(claimed.map((row) => row.key)).toEqual([rows[held]?.key]);

    // A restarted worker sends the rest at once; the claimed one waits for its lease to run out.
    expect(await deliverOutbox(env.services)).toMatchObject({ claimed: count - held - 1, sent: count - held - 1 });
    expect((await rowsOf('crash:'))[held]?.status).toBe('pending');
    env.clock.advance(outboxLeaseSeconds(env.services.config) * 1000 + 1000);
    expect(await deliverOutbox(env.services)).toMatchObject({ claimed: 1, sent: 1 });

    const after = await rowsOf('crash:');
    expect(after.map((row) => row.status)).toEqual(Array(count).fill('sent'));
    const arrived = smtp.messages.filter((m) => m.subject.startsWith('crash message '));
    expect(arrived).toHaveLength(count);
    expect(arrived.map((m) => m.messageId).sort()).toEqual(after.map((row) => row.messageId).sort());
    for (const row of after) {
      expect(arrived.filter((m) => m.messageId === row.messageId)).toHaveLength(1);
    }
  }, 60_000); // a second process starts (tsx, the ORM): it may take longer than the default 30 s on a busy machine
});

describe('headers and errors', () => {
  it('CR/LF in a subject or a name adds no header and no recipient', async () => {
    decide = () => undefined;
    await enqueueTestEmails(env.services, [
      {
        event: 'inject:1',
        to: 'amina.inject@example.com',
        subject: 'Order shipped\r\nBcc: evil@example.com',
        greetingName: 'Amina\r\nBcc: evil@example.com',
      },
      // A recipient address carrying a header: refused for good, sent to nobody.
      {
        event: 'inject:2',
        to: 'support@example.com\r\nBcc: evil@example.com',
        subject: 'Contact message',
      },
    ]);
    expect(await deliverOutbox(env.services)).toEqual({ claimed: 2, sent: 1, retried: 0, failed: 1 });

    const [message, ...others] = received('Order shipped Bcc: evil@example.com');
    expect(others).toEqual([]);
    expect(message?.envelopeTo).toEqual(['amina.inject@example.com']);
    expect(message?.rawHeaders).not.toMatch(/^bcc:/im);
    expect(message?.parsed.bcc).toBeUndefined();
    expect(message?.subject).not.toMatch(/[\r\n]/);
    expect(message?.parsed.headers.has('bcc')).toBe(false);
    expect(message?.rawHeaders.match(/^to:/gim)).toHaveLength(1);
    expect(smtp.to('evil@example.com')).toEqual([]);

    const [, refused] = await rowsOf('inject:');
    expect(refused).toMatchObject({ status: 'failed', attempts: 1 });
    expect(refused?.lastError).toContain('Not a single email address');
  });

  it('never writes SMTP credentials into the error an admin reads', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as { port: number }).port;
    await new Promise((done) => closed.close(done));

    const smtpUrl = `smtp://mailer:s3cret%21pw@127.0.0.1:${port}`;
    const other = await createServices(
      env.db.config,
      { nodeEnv: 'test', uploadDir: env.uploadDir, smtpUrl },
      { clock: env.clock },
    );
    try {
      await enqueueTestEmails(env.services, [{ event: 'refused:1', to: 'x@example.com', subject: 'Unreachable' }]);
      expect(await deliverOutbox(other)).toEqual({ claimed: 1, sent: 0, retried: 1, failed: 0 });
    } finally {
      await other.orm.close(true);
    }
    const row = await rowOf('refused:');
    expect(row.lastError).toContain('ECONNREFUSED');
    expect(row.lastError).not.toContain('s3cret');
    await fresh().nativeDelete(EmailMessageSchema, { id: row.id });

    const leaky = Object.assign(new Error(`Invalid login for ${smtpUrl}: 535 s3cret!pw rejected`), { code: 'EAUTH' });
    const described = describeSendError(leaky, smtpUrl);
    expect(described).toBe(`EAUTH: Invalid login for smtp://***@127.0.0.1:${port}: 535 *** rejected`);
    expect(describeSendError(new Error(`x\n${'y'.repeat(2000)}`)).length).toBe(1000);
  });
});

describe('without SMTP_URL', () => {
  it('keeps emails, sends nothing, claims nothing was sent, and an admin cannot retry them', async () => {
    const bare = await createTestEnv();
    try {
      expect(bare.services.mailer).toBeNull();
      const before = smtp.messages.length;
      const content = emailLayout({
        publicUrl: bare.services.config.publicUrl,
        subject: 'Kept here',
        bodyHtml: html`<p>Nothing is sent.</p>`,
        bodyText: 'Nothing is sent.',
      });
      await (bare.services.orm.em.fork() as Em).transactional((em) =>
        notify(em, bare.services, [
          { event: 'kept:1', kind: 'contact_message', recipient: { address: 'kept@example.com' }, email: content },
        ]),
      );
      expect(await deliverOutbox(bare.services)).toEqual({ claimed: 0, sent: 0, retried: 0, failed: 0 });
      const [row] = await rowsOf('kept:', bare.services);
      expect(row).toMatchObject({ status: 'kept', attempts: 0, sentAt: null, nextAttemptAt: null });
      expect(smtp.messages.length).toBe(before);

      const admin = await makeUser(bare.services.orm.em.fork() as Em, { role: 'admin' });
      const caller = bare.caller(await sessionTokenFor(bare.services, admin.id));
      const kept = await caller.admin.emails.list({ status: 'kept' });
      expect(kept.data.map((email) => [email.subject, email.sent_at])).toEqual([['Kept here', null]]);
      expect((await caller.admin.emails.list({ status: 'sent' })).total).toBe(0);
      const detail = await caller.admin.emails.get({ id: row?.id as number });
      expect(detail.html).toContain('Nothing is sent.');
      expect(detail.text).toContain('Nothing is sent.');
      const refused = await failureOf(caller.admin.emails.retry({ id: row?.id as number }));
      expect(refused).toMatchObject({ code: 'UNPROCESSABLE_CONTENT', message: EMAIL_TEXT.notConfigured });
    } finally {
      await bare.close();
    }
  });
});
