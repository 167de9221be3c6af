import { jobDeclarations, startJobs } from '@caps/api';
import {
  type Em,
  enqueueTestEmails,
  makeUser,
  makeVendor,
  type ReceivedEmail,
  sessionTokenFor,
  startTestSmtp,
  type TestSmtp,
} from '@caps/api/testing';
import { type EmailDetailDto, type EmailSummaryDto, ERROR_MESSAGES } from '@caps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createRestTestEnv, type RestTestEnv } from './harness.js';

let env: RestTestEnv;
let smtp: TestSmtp;
let adminToken: string;
let customerToken: string;
let vendorToken: string;
let sent: EmailSummaryDto;
let failed: EmailSummaryDto;
let refusing = true;

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token?: string) =>
  env.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {} });
const refuse = (message: ReceivedEmail) => {
  if (refusing && message.subject === 'Refused for good') {
    throw Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
  }
};

beforeAll(async () => {
  smtp = await startTestSmtp({ decide: refuse });
  // One try only: the refused email is failed after the first run.
  env = await createRestTestEnv({ smtpUrl: smtp.url, outbox: { maxAttempts: 1 } });
  const em = env.services.orm.em.fork() as Em;
  adminToken = await sessionTokenFor(env.services, (await makeUser(em, { role: 'admin' })).id);
  customerToken = await sessionTokenFor(env.services, (await makeUser(em)).id);
  vendorToken = await sessionTokenFor(env.services, (await makeVendor(em)).user.id);
  await enqueueTestEmails(env.services, [
    { event: 'rest:1', to: 'amina.rest@example.com', subject: 'Your order is confirmed' },
    { event: 'rest:2', to: 'musa.rest@example.com', subject: 'Refused for good' },
  ]);
  // The server's own job runner, asked to deliver now (the tick is an hour away).
  const [deliver] = jobDeclarations(env.services.config).filter((job) => job.name === 'deliver-outbox');
  if (!deliver) throw new Error('deliver-outbox is not declared');
  const jobs = startJobs(env.services, { info: () => undefined, error: () => undefined }, [
    { ...deliver, schedule: { everyMs: 3_600_000 } },
  ]);
  await jobs.runNow('deliver-outbox');
  await jobs.stop();
  const list = (await call('GET', '/admin/emails', adminToken)).json().data as EmailSummaryDto[];
  const find = (subject: string) => {
    const email = list.find((e) => e.subject === subject);
    if (!email) throw new Error(`no email "${subject}"`);
    return email;
  };
  sent = find('Your order is confirmed');
  failed = find('Refused for good');
});
afterAll(async () => {
  await env?.close();
  await smtp?.close();
});

describe('GET /api/admin/emails', () => {
  it('lists every email newest first, filtered by status, kind and search', async () => {
    const all = await call('GET', '/admin/emails', adminToken);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ current_page: 1, last_page: 1, total: 2 });
    expect(all.json().data.map((e: EmailSummaryDto) => e.subject)).toEqual([
      'Refused for good',
      'Your order is confirmed',
    ]);

    const onlyFailed = (await call('GET', '/admin/emails?status=failed', adminToken)).json();
    expect(onlyFailed.total).toBe(1);
    expect(onlyFailed.data[0]).toMatchObject({
      to: 'musa.rest@example.com',
      status: 'failed',
      attempts: 1,
      next_attempt_at: null,
      sent_at: null,
    });
    expect(onlyFailed.data[0].last_error).toContain('550');
    expect(onlyFailed.data[0]).not.toHaveProperty('html');

    const onlySent = (await call('GET', '/admin/emails?status=sent', adminToken)).json();
    expect(onlySent.data.map((e: EmailSummaryDto) => e.to)).toEqual(['amina.rest@example.com']);
    expect(onlySent.data[0].sent_at).not.toBeNull();

    const search = (await call('GET', '/admin/emails?search=AMINA.REST', adminToken)).json();
    expect(search.data.map((e: EmailSummaryDto) => e.id)).toEqual([sent.id]);
    const bySubject = (await call('GET', '/admin/emails?search=refused', adminToken)).json();
    expect(bySubject.data.map((e: EmailSummaryDto) => e.id)).toEqual([failed.id]);
    const literal = (await call('GET', '/admin/emails?search=%25', adminToken)).json();
    expect(literal.total).toBe(0);
    expect((await call('GET', '/admin/emails?kind=contact_message&per_page=1', adminToken)).json()).toMatchObject({
      total: 2,
      last_page: 2,
      per_page: 1,
    });
    expect((await call('GET', '/admin/emails?kind=new_order', adminToken)).json().total).toBe(0);
  });

  it('answers one email with its HTML and plain text, or 404', async () => {
    const one = await call('GET', `/admin/emails/${sent.id}`, adminToken);
    expect(one.statusCode).toBe(200);
    const detail = one.json() as EmailDetailDto;
    expect(detail).toMatchObject({ id: sent.id, subject: 'Your order is confirmed', status: 'sent' });
    expect(detail.html).toContain('This is rest:1.');
    expect(detail.text).toContain('This is rest:1.');
    // Exactly what the SMTP server received.
    const [received] = smtp.messages.filter((m) => m.subject === 'Your order is confirmed');
    expect(received?.text.trim()).toBe(detail.text.trim());

    const unknown = await call('GET', '/admin/emails/999999', adminToken);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Email not found']);
  });

  it('refuses bad filters and ids with a 4xx and a message', async () => {
    for (const url of [
      '/admin/emails?status=delivered',
      '/admin/emails?kind=spam',
      '/admin/emails?page=0',
      '/admin/emails?per_page=100000',
      `/admin/emails?search=${'x'.repeat(201)}`,
      '/admin/emails?sort=subject',
      '/admin/emails/abc',
      '/admin/emails/0',
    ]) {
      const response = await call('GET', url, adminToken);
      expect([url, response.statusCode]).toEqual([url, 422]);
      expect(response.json().message).toEqual(expect.any(String));
    }
    const status = await call('GET', '/admin/emails?status=delivered', adminToken);
    expect(status.json().message).toContain('status must be one of: pending, sent, failed, kept');
  });

  it('is for admins only: 401 without a token, 403 for customers and vendors', async () => {
    for (const [method, url] of [
      ['GET', '/admin/emails'],
      ['GET', `/admin/emails/${sent.id}`],
      ['POST', `/admin/emails/${failed.id}/retry`],
    ] as const) {
      const anonymous = await call(method, url);
      expect([url, anonymous.statusCode, anonymous.json().message]).toEqual([url, 401, ERROR_MESSAGES.unauthenticated]);
      for (const token of [customerToken, vendorToken]) {
        const refused = await call(method, url, token);
        expect([url, refused.statusCode, refused.json().message]).toEqual([url, 403, ERROR_MESSAGES.forbidden]);
      }
    }
    // Nothing was retried by those calls.
    expect((await call('GET', `/admin/emails/${failed.id}`, adminToken)).json().status).toBe('failed');
  });
});

describe('POST /api/admin/emails/{id}/retry', () => {
  it('puts a failed email back, once, and refuses other statuses with 422', async () => {
    const notFailed = await call('POST', `/admin/emails/${sent.id}/retry`, adminToken);
    expect(notFailed.statusCode).toBe(422);
    expect(notFailed.json().message).toBe('Only a failed email can be retried; this one is already sent.');
    const unknown = await call('POST', '/admin/emails/999999/retry', adminToken);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Email not found']);

    refusing = false;
    const retried = await call('POST', `/admin/emails/${failed.id}/retry`, adminToken);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ id: failed.id, status: 'pending', attempts: 0 });
    expect(retried.json().html).toContain('This is rest:2.');
    const again = await call('POST', `/admin/emails/${failed.id}/retry`, adminToken);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toContain('Only a failed email can be retried');

    const audit = (await call('GET', '/admin/audit-log', adminToken)).json();
    expect(audit.data.filter((e: { action: string }) => e.action === 'email.retry')).toHaveLength(1);
  });
});
