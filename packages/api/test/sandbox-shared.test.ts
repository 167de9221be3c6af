import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Context, createContext, type Services } from '../src/context.js';
import type { Em } from '../src/db/orm.js';
import { CheckoutSchema, OrderSchema } from '../src/modules/orders/orders.entities.js';
import { PaymentSchema } from '../src/modules/payment/payment.entities.js';
import { handleWebhook, isPayable } from '../src/modules/payment/payment.service.js';
import { signBody } from '../src/modules/payment/provider.js';
import { SandboxTransactionSchema } from '../src/modules/payment/sandbox.entities.js';
import {
  type PaystackSandbox,
  SANDBOX_DECLINED_CARD,
  SANDBOX_REFUND_TOO_MUCH,
  SANDBOX_SUCCESS_CARD,
} from '../src/modules/payment/sandbox.js';
import { createCaller } from '../src/root.js';
import { createServices } from '../src/services.js';
import { buying } from './buying.js';
import { makeProduct, makeVendor } from './fixtures.js';
import { createTestEnv, type TestEnv, testDialect } from './harness.js';

/**
 * Two server processes on one database, as issue 16 runs them: `env` is process A and `b` a second
 * Services opened on the same database (its own ORM, connection pool and sandbox object). Whatever the
 * sandbox knows must be known to both, and survive a process closing and another starting.
 */
let env: TestEnv;
let b: Services;
const shop = buying(() => env);
let productId: number;

const openProcess = () => createServices(env.db.config, { nodeEnv: 'test', uploadDir: env.uploadDir });
const sandboxOf = (services: Services): PaystackSandbox => {
  if (!services.sandbox) throw new Error('the tests run on the sandbox');
  return services.sandbox;
};
const contextOn = (services: Services): Context => createContext(services, { ip: '127.0.0.1', userAgent: 'vitest' });
const fresh = (services: Services) => services.orm.em.fork() as Em;

beforeAll(async () => {
  env = await createTestEnv();
  b = await openProcess();
  const em = fresh(env.services);
  const vendor = await makeVendor(em, { shopName: 'Two Process Caps' });
  productId = (await makeProduct(em, vendor, { priceKobo: 1_500_000, stock: 1_000, sizes: ['58'] })).id;
});
afterAll(async () => {
  await b?.orm.close(true);
  await env?.close();
});

/** A customer's order placed and its payment initialized through process A. */
async function initiatedOnA() {
  const { token, userId } = await shop.customer();
  const order = await shop.place(token, [{ product_id: productId, quantity: 1, size: '58' }]);
  const payment = await shop.initiate(token, order.id);
  return { token, userId, orderId: order.id, reference: payment.reference };
}

const checkoutOf = async (services: Services, reference: string) =>
  (await fresh(services).findOneOrFail(PaymentSchema, { reference }, { populate: ['checkout'] })).checkout;

describe('the sandbox shared by two processes on one database', () => {
  it('both processes sign with one secret key, kept in the database', async () => {
    expect(sandboxOf(b).secretKey).toBe(sandboxOf(env.services).secretKey);
    expect(sandboxOf(env.services).secretKey).toMatch(/^sk_test_sandbox_[0-9a-f]{32}$/);
  });

  it('a payment initialized on A is paid on B (the hosted page) and verified on A', async () => {
    const { token, orderId, reference } = await initiatedOnA();
    // B's hosted page: it knows the transaction and our server says it may take money.
    const seenByB = await sandboxOf(b).transaction(reference);
    expect(seenByB).toMatchObject({ reference, status: 'ongoing', amount: 1_700_000 });
    expect(await isPayable(contextOn(b), reference)).toBe(true);
    const paid = await sandboxOf(b).pay(reference, SANDBOX_SUCCESS_CARD);
    expect(paid).toMatchObject({ status: 'success', last4: '4081' });
    // A's sandbox sees it paid, and A's verify applies it.
    expect((await sandboxOf(env.services).verify(reference)).data?.status).toBe('success');
    const verified = await env.caller(token).payment.verify({ reference });
    expect(verified).toMatchObject({ success: true, status: 'paid', order_ids: [orderId] });
    expect((await fresh(env.services).findOneOrFail(OrderSchema, { id: orderId })).paymentStatus).toBe('paid');
    // A second payment on either process changes nothing: the first decided.
    expect(await sandboxOf(env.services).pay(reference, SANDBOX_DECLINED_CARD)).toMatchObject({ status: 'success' });
  });

  it('a webhook signed by B verifies on A and applies the payment there', async () => {
    const { reference } = await initiatedOnA();
    await sandboxOf(b).pay(reference, SANDBOX_SUCCESS_CARD);
    const body = await sandboxOf(b).webhookBody(reference);
    const signature = signBody(sandboxOf(b).secretKey, body);
    expect(env.services.payments.verifySignature(body, signature)).toBe(true);
    expect(env.services.payments.verifySignature(body, signBody('sk_test_other', body))).toBe(false);
    await handleWebhook(contextOn(env.services), body, signature);
    expect((await checkoutOf(env.services, reference)).paymentStatus).toBe('paid');
  });

  it('paying at once on A and B: one card decides, and both answer that decision', async () => {
    const { reference } = await initiatedOnA();
    const [onA, onB] = await Promise.all([
      sandboxOf(env.services).pay(reference, SANDBOX_DECLINED_CARD),
      sandboxOf(b).pay(reference, SANDBOX_SUCCESS_CARD),
    ]);
    expect(onA?.status).toBe(onB?.status);
    const stored = await fresh(env.services).findOneOrFail(SandboxTransactionSchema, { reference });
    expect(stored.status).toBe(onA?.status);
    expect(stored.last4).toBe(stored.status === 'success' ? '4081' : '5408');
  });

  it('a transfer made on A is the same transfer on B: one per reference, settled once by either', async () => {
    const a = sandboxOf(env.services);
    const onB = sandboxOf(b);
    a.holdTransfers = true;
    onB.holdTransfers = true;
    try {
      const recipient = await a.createTransferRecipient({
        type: 'nuban',
        name: 'Shared Caps',
        account_number: '0123456789',
        bank_code: '058',
      });
      const again = await onB.createTransferRecipient({
        type: 'nuban',
        name: 'Shared Caps',
        account_number: '0123456789',
        bank_code: '058',
      });
      if (!recipient.status || !again.status) throw new Error('expected a recipient');
      expect(again.data.recipient_code).toBe(recipient.data.recipient_code);
      const body = {
        source: 'balance',
        amount: 250_000,
        recipient: recipient.data.recipient_code,
        reference: 'PAYOUT-shared-1',
        reason: 'Caps payout',
      };
      const [first, second] = await Promise.all([a.transfer(body), onB.transfer(body)]);
      if (!first.status || !second.status) throw new Error('expected the transfer');
      expect(second.data.transfer_code).toBe(first.data.transfer_code);
      expect(await a.transferRequestCount('PAYOUT-shared-1')).toBe(2);
      expect((await onB.verifyTransfer('PAYOUT-shared-1')).data?.status).toBe('pending');
      const settled = await Promise.all([
        a.settleTransfer('PAYOUT-shared-1', 'success'),
        onB.settleTransfer('PAYOUT-shared-1', 'failed'),
      ]);
      expect(settled.filter(Boolean)).toHaveLength(1);
      const status = (await a.verifyTransfer('PAYOUT-shared-1')).data?.status;
      expect(status).toBe(settled[0] ? 'success' : 'failed');
      expect((await onB.verifyTransfer('PAYOUT-shared-1')).data?.status).toBe(status);
    } finally {
      a.holdTransfers = false;
      onB.holdTransfers = false;
    }
  });

  // SQLite runs one process (the two-command start): its driver is synchronous, so two ORMs in one test
  // process cannot wait for each other's write transaction. Two PostgreSQL processes can.
  it.skipIf(testDialect === 'sqlite')(
    'refunds made at once on A and B never together exceed the transaction',
    async () => {
      const a = sandboxOf(env.services);
      const onB = sandboxOf(b);
      a.holdRefunds = true;
      onB.holdRefunds = true;
      try {
        const { reference } = await initiatedOnA();
        await onB.pay(reference, SANDBOX_SUCCESS_CARD);
        // ₦17,000 paid: ₦10,000 and ₦9,000 at once cannot both be taken.
        const answers = await Promise.all([
          a.refund({ transaction: reference, amount: 1_000_000 }),
          onB.refund({ transaction: reference, amount: 900_000 }),
        ]);
        expect(answers.filter((r) => r.status)).toHaveLength(1);
        expect(answers.find((r) => !r.status)).toMatchObject({ status: false, message: SANDBOX_REFUND_TOO_MUCH });
        const made = answers.find((r) => r.status);
        if (!made?.status) throw new Error('expected one refund');
        // The refund made on one process is fetched, listed and settled on the other.
        const id = made.data.id;
        expect((await onB.fetchRefund(id)).data).toMatchObject({ status: 'pending', transaction_reference: reference });
        expect(await a.settleRefund(id, 'failed')).toBe(true);
        expect(await onB.settleRefund(id, 'processed')).toBe(false);
        // A failed refund frees its amount: the whole ₦17,000 may be refunded now, through B.
        const whole = await onB.refund({ transaction: reference });
        expect(whole).toMatchObject({ status: true, data: { amount: 1_700_000 } });
        const listed = (await a.listRefunds()).data ?? [];
        expect(listed.filter((r) => r.transaction_reference === reference).map((r) => r.status)).toEqual([
          'pending',
          'failed',
        ]);
        expect(await a.refundRequestCount(reference)).toBe(3);
      } finally {
        a.holdRefunds = false;
        onB.holdRefunds = false;
      }
    },
  );

  it('a transfer whose process stopped before settling it is settled by the next verify on another', async () => {
    const onB = sandboxOf(b);
    onB.holdTransfers = true;
    const recipient = await onB.createTransferRecipient({
      type: 'nuban',
      name: 'Stopped',
      account_number: '1234509876',
      bank_code: '011',
    });
    if (!recipient.status) throw new Error('expected a recipient');
    await onB.transfer({
      source: 'balance',
      amount: 100_000,
      recipient: recipient.data.recipient_code,
      reference: 'PAYOUT-orphan',
    });
    onB.holdTransfers = false;
    // As if B had made it unheld and stopped before its settlement ran: pending, not held, a minute old.
    await fresh(b)
      .getConnection()
      .execute("update sandbox_transfers set held = ?, created_at = ? where reference = 'PAYOUT-orphan'", [
        false,
        new Date(Date.now() - 60_000),
      ]);
    const a = sandboxOf(env.services);
    const events: string[] = [];
    a.onWebhook = (body) => events.push(body);
    try {
      expect((await a.verifyTransfer('PAYOUT-orphan')).data?.status).toBe('success');
      expect(events.map((e) => JSON.parse(e).event)).toEqual(['transfer.success']);
    } finally {
      a.onWebhook = null;
    }
  });

  it('closing a process and starting another loses nothing', async () => {
    const { token, orderId, reference } = await initiatedOnA();
    const keyBefore = sandboxOf(b).secretKey;
    await b.orm.close(true);
    // A restart: the new process knows the transaction A initialized, pays it, and signs as before.
    b = await openProcess();
    expect(sandboxOf(b).secretKey).toBe(keyBefore);
    expect(await sandboxOf(b).transaction(reference)).toMatchObject({ status: 'ongoing', amount: 1_700_000 });
    await sandboxOf(b).pay(reference, SANDBOX_SUCCESS_CARD);
    // The payment verified through the restarted process is the one A's buyer sees as paid.
    const verified = await createCaller(
      createContext(b, { ip: '127.0.0.1', authorization: `Bearer ${token}` }),
    ).payment.verify({ reference });
    expect(verified).toMatchObject({ success: true, order_ids: [orderId] });
    expect(
      (await fresh(env.services).findOneOrFail(CheckoutSchema, { id: (await checkoutOf(b, reference)).id }))
        .paymentStatus,
    ).toBe('paid');
    // Transfers and refunds of before the restart are there too.
    expect((await sandboxOf(b).verifyTransfer('PAYOUT-shared-1')).status).toBe(true);
  });
});
