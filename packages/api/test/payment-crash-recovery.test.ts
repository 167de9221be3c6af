import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobDeclarations } from '../src/jobs.js';
import type { Product } from '../src/modules/catalogue/catalogue.entities.js';
import { CheckoutSchema, OrderSchema } from '../src/modules/orders/orders.entities.js';
import { PaymentSchema } from '../src/modules/payment/payment.entities.js';
import { SandboxWebhookSchema } from '../src/modules/payment/sandbox.entities.js';
import { PaystackSandbox, SANDBOX_SUCCESS_CARD } from '../src/modules/payment/sandbox.js';
import type { Vendor } from '../src/modules/vendors/vendors.entities.js';
import { buying } from './buying.js';
import { makeProduct, makeVendor } from './fixtures.js';
import { createTestEnv, type TestEnv } from './harness.js';

/**
 * Issue 26: a payment the provider took just before our server died (its webhook never applied) is applied
 * by the jobs after the restart, never cancelled with the buyer's money kept; and the sandbox, like Paystack,
 * tries a webhook again until it gets a 2xx.
 */

let env: TestEnv;
const b = buying(() => env);
let shop: Vendor;

beforeAll(async () => {
  env = await createTestEnv();
  shop = await makeVendor(env.services.orm.em.fork(), { shopName: 'Borno Caps' });
});
afterAll(async () => env?.close());

const job = (name: string) => {
  const declaration = jobDeclarations(env.services.config).find((j) => j.name === name);
  if (!declaration) throw new Error(`no job ${name}`);
  return () => declaration.handler(env.services);
};
const sandbox = () => {
  const s = env.services.sandbox;
  if (!s) throw new Error('the tests run on the sandbox');
  return s;
};
const cap = (stock = 5) => makeProduct(b.fresh(), shop, { name: 'Dara Cap', stock, sizes: ['58'] });

/** A customer's unpaid checkout of one cap, with a payment started on the sandbox. */
async function unpaidCheckout(product: Product) {
  const { token } = await b.customer();
  const order = await b.place(token, [{ product_id: product.id, quantity: 1, size: '58' }]);
  const { reference } = await b.initiate(token, order.id);
  const stored = await b.fresh().findOneOrFail(OrderSchema, { id: order.id });
  return { token, orderId: order.id, checkoutId: stored.checkout.id, reference };
}

const stateOf = async (orderId: number, reference: string) => {
  const order = await b.fresh().findOneOrFail(OrderSchema, { id: orderId }, { populate: ['checkout'] });
  const payment = await b.fresh().findOneOrFail(PaymentSchema, { reference });
  return { order: order.status, paid: order.checkout.paymentStatus, payment: payment.status };
};

/** Past the checkout's 30 minutes (and the payment's 5 unconfirmed minutes). */
async function expire(checkoutId: number, reference: string) {
  const past = new Date(env.clock.now().getTime() - 60_000);
  await b.fresh().nativeUpdate(CheckoutSchema, { id: checkoutId }, { expiresAt: past });
  await b.fresh().nativeUpdate(PaymentSchema, { reference }, { createdAt: new Date(past.getTime() - 30 * 60_000) });
}

describe('a payment taken just before a crash', () => {
  it('is applied by the release job after a restart, not cancelled (server killed before its webhook)', async () => {
    const product = await cap(5);
    const { orderId, checkoutId, reference } = await unpaidCheckout(product);
    // A server process pays on the sandbox and is killed with SIGKILL as the webhook would be posted.
    let output = '';
    const child: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'fixtures/pay-then-crash.ts')],
      {
        cwd: resolve(import.meta.dirname, '..'),
        env: {
          ...process.env,
          CRASH_DATABASE: JSON.stringify(env.db.config),
          CRASH_REFERENCE: reference,
          UPLOAD_DIR: env.uploadDir,
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
    const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
    expect({ code, signal, output }).toMatchObject({ signal: 'SIGKILL' });

    // The provider has the money; our records do not know yet.
    expect((await sandbox().verify(reference)).data?.status).toBe('success');
    expect(await stateOf(orderId, reference)).toEqual({ order: 'pending', paid: 'pending', payment: 'pending' });

    // After the restart (this process), the checkout's 30 minutes run out: the job verifies before releasing.
    await expire(checkoutId, reference);
    await job('release-expired-checkouts')();
    expect(await stateOf(orderId, reference)).toEqual({ order: 'pending', paid: 'paid', payment: 'success' });
    expect(await b.stockOf(product.id)).toBe(4);

    // The event the killed process never posted is still recorded and is delivered once it is due.
    const [event] = await b.fresh().find(SandboxWebhookSchema, { body: { $like: `%${reference}%` } });
    expect(event?.deliveredAt).toBeNull();
    const delivered: string[] = [];
    sandbox().onWebhook = (body) => delivered.push(body);
    try {
      expect(await sandbox().deliverDueWebhooks(new Date(Date.now() + 4 * 60_000))).toBeGreaterThanOrEqual(1);
    } finally {
      sandbox().onWebhook = null;
    }
    expect(delivered.some((body) => body.includes(reference))).toBe(true);
    // Applied once: the late webhook changes nothing.
    expect(await stateOf(orderId, reference)).toEqual({ order: 'pending', paid: 'paid', payment: 'success' });
  });

  it('the recurring verify job applies a payment whose webhook was lost, before the checkout expires', async () => {
    const product = await cap(5);
    const { orderId, reference } = await unpaidCheckout(product);
    await sandbox().pay(reference, SANDBOX_SUCCESS_CARD);
    await sandbox().idle();
    expect(await stateOf(orderId, reference)).toMatchObject({ payment: 'pending' });
    // Younger than 5 minutes: left to the webhook and the payer's own verify.
    await job('verify-pending-payments')();
    expect(await stateOf(orderId, reference)).toMatchObject({ payment: 'pending' });
    await b
      .fresh()
      .nativeUpdate(PaymentSchema, { reference }, { createdAt: new Date(env.clock.now().getTime() - 6 * 60_000) });
    await job('verify-pending-payments')();
    expect(await stateOf(orderId, reference)).toEqual({ order: 'pending', paid: 'paid', payment: 'success' });
  });

  it('a checkout whose payment cannot be checked keeps its caps until the provider answers', async () => {
    const product = await cap(5);
    const { orderId, checkoutId, reference } = await unpaidCheckout(product);
    await expire(checkoutId, reference);
    sandbox().unavailable = true;
    const verify = sandbox().verify.bind(sandbox());
    // The sandbox's verify is not behind the `unavailable` switch: make it fail as an unreachable Paystack.
    sandbox().verify = async () => {
      throw new Error('connect ETIMEDOUT');
    };
    try {
      expect(await job('release-expired-checkouts')()).toMatchObject({ released: 0, unverified: 1 });
      expect(await stateOf(orderId, reference)).toMatchObject({ paid: 'pending' });
      expect(await b.stockOf(product.id)).toBe(4);
    } finally {
      sandbox().unavailable = false;
      sandbox().verify = verify;
    }
    // Asked again and never paid: released, caps back.
    await job('release-expired-checkouts')();
    expect(await stateOf(orderId, reference)).toEqual({ order: 'cancelled', paid: 'failed', payment: 'pending' });
    expect(await b.stockOf(product.id)).toBe(5);
  });
});

describe('sandbox webhooks are tried again until they get a 2xx', () => {
  it('retries an event the server did not take, after Paystack-like back-off, from any process', async () => {
    const product = await cap(5);
    const { reference } = await unpaidCheckout(product);
    const answers: boolean[] = [];
    // The server answers 500 the first time (as during a restart).
    sandbox().onWebhook = (body) => {
      // Other tests' events stay undelivered; only this payment's answers are counted.
      if (!body.includes(reference)) return false;
      answers.push(answers.length > 0);
      return answers.length > 1;
    };
    try {
      await sandbox().pay(reference, SANDBOX_SUCCESS_CARD);
      await sandbox().deliverWebhooksOf(reference);
      expect(answers).toEqual([false]);
      // Not due yet: nothing sent again.
      expect(await sandbox().deliverDueWebhooks(new Date(Date.now() + 60_000))).toBe(0);
      expect(answers).toEqual([false]);
    } finally {
      sandbox().onWebhook = null;
    }
    // Another process (a restarted server) on the same records delivers it once it is due, once.
    const restarted = await PaystackSandbox.open(env.services.orm);
    const received: string[] = [];
    restarted.onWebhook = (body) => received.push(body);
    const due = new Date(Date.now() + 4 * 60_000);
    const mine = () => received.filter((body) => body.includes(reference));
    expect(await restarted.deliverDueWebhooks(due)).toBeGreaterThanOrEqual(1);
    expect(await restarted.deliverDueWebhooks(due)).toBe(0);
    expect(mine()).toHaveLength(1);
    expect(JSON.parse(mine()[0] ?? '{}')).toMatchObject({ event: 'charge.success', data: { reference } });
  });
});
