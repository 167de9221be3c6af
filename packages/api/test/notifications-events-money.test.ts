import { randomBytes } from 'node:crypto';
import { formatKobo } from '@caps/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Em } from '../src/db/orm.js';
import type { Product } from '../src/modules/catalogue/catalogue.entities.js';
import { PayoutSchema, RefundSchema } from '../src/modules/finance/finance.entities.js';
import { writeEntries } from '../src/modules/finance/ledger.js';
import { runPayouts } from '../src/modules/finance/payouts.service.js';
import { EmailMessageSchema, NotificationSchema } from '../src/modules/notifications/notifications.entities.js';
import { deliverOutbox } from '../src/modules/notifications/outbox.js';
import { OrderItemSchema } from '../src/modules/orders/orders.entities.js';
import { handleWebhook } from '../src/modules/payment/payment.service.js';
import { signBody } from '../src/modules/payment/provider.js';
import {
  type PaystackSandbox,
  SANDBOX_FAILING_TRANSFER_ACCOUNT,
  sandboxAccountName,
} from '../src/modules/payment/sandbox.js';
import type { Vendor } from '../src/modules/vendors/vendors.entities.js';
import { buying } from './buying.js';
import { makeProduct, makeUser, makeVendor } from './fixtures.js';
import { createTestEnv, sessionTokenFor, type TestEnv } from './harness.js';
import { startTestSmtp, type TestSmtp } from './smtp.js';

/**
 * What is sent about money and after the sale (issue 14): return requested and decided, refund sent, payout
 * sent or failed, each once per event; and a paid order's emails delivered through a real SMTP server.
 * This file's server has SMTP_URL set, so its emails are pending for the outbox worker. Runs on SQLite
 * and PostgreSQL.
 */

const PUBLIC_URL = 'https://caps.example.ng';

let env: TestEnv;
let smtp: TestSmtp;
let sandbox: PaystackSandbox;
const b = buying(() => env);
const fresh = () => env.services.orm.em.fork() as Em;

/** Webhook deliveries the sandbox started (it posts them on its own time, as Paystack does). */
let deliveries: Promise<unknown>[] = [];

/** Lets the sandbox settle its refunds and transfers, and waits for the webhooks it sent. */
async function settle() {
  for (let i = 0; i < 6; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    await sandbox.idle();
    const pending = deliveries;
    deliveries = [];
    await Promise.all(pending);
  }
}

let shop: Vendor;
let shopToken: string;
let cap: Product;
let adminToken: string;

beforeAll(async () => {
  smtp = await startTestSmtp();
  env = await createTestEnv({ publicUrl: PUBLIC_URL, smtpUrl: smtp.url });
  if (!env.services.sandbox) throw new Error('these tests need the sandbox');
  sandbox = env.services.sandbox;
  sandbox.onWebhook = (body, signature) => {
    deliveries.push(handleWebhook({ em: fresh(), services: env.services }, body, signature));
  };
  const em = fresh();
  shop = await makeVendor(em, { shopName: 'Maiduguri Cap House' });
  shopToken = await sessionTokenFor(env.services, shop.user.id);
  cap = await makeProduct(em, shop, { name: 'Zanna Bukar Cap', priceNaira: 12_000, stock: 500 });
  adminToken = await sessionTokenFor(env.services, (await makeUser(em, { role: 'admin' })).id);
});
afterEach(settle);
afterAll(async () => {
  await env?.close();
  await smtp?.close();
});

const emailsTo = (userId: number, kind: string) =>
  fresh().find(EmailMessageSchema, { user: userId, kind } as never, { orderBy: { id: 'asc' } });
const inAppOf = (userId: number, kind: string) =>
  fresh().find(NotificationSchema, { user: userId, kind } as never, { orderBy: { id: 'asc' } });

/** A customer buys `quantity` of the cap (size 58) and pays; answers the order. */
async function buy(quantity: number) {
  const customer = await b.customer({ fullName: 'Amina Bello' });
  const placed = await b.place(customer.token, [{ product_id: cap.id, quantity, size: '58' }]);
  expect((await b.payFor(customer.token, placed.id)).success).toBe(true);
  return { ...customer, orderId: placed.id };
}

async function delivered(quantity: number) {
  const bought = await buy(quantity);
  for (const status of ['confirmed', 'shipped', 'delivered'] as const) {
    await env.caller(shopToken).vendor.advanceOrder({ id: bought.orderId, status });
  }
  return bought;
}

describe('returns and refunds', () => {
  it('a return request tells the shop; each decision, overruled or not, tells the customer with the note', async () => {
    const { token, userId, orderId } = await delivered(3);
    const [item] = await fresh().find(OrderItemSchema, { order: orderId });
    const request = await env.caller(token).orders.requestReturn({
      id: orderId,
      items: [{ order_item_id: item!.id, quantity: 2 }],
      reason: 'damaged',
      details: 'Two caps came with <torn> seams.',
    });

    const asked = await emailsTo(shop.user.id, 'return_requested');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.status).toBe('pending');
    expect(asked[0]!.subject).toBe(`Return requested for order #${orderId}`);
    expect(asked[0]!.text).toContain(`Amina Bello asked to return 2 caps of order #${orderId} (Damaged).`);
    expect(asked[0]!.text).toContain(`- 2 × Zanna Bukar Cap (size 58): ${formatKobo(2_400_000)}`);
    expect(asked[0]!.text).toContain('> Two caps came with <torn> seams.');
    expect(asked[0]!.html).toContain('Two caps came with &lt;torn&gt; seams.');
    expect((await inAppOf(shop.user.id, 'return_requested'))[0]?.link).toBe('/vendor/dashboard?tab=returns');

    await env.caller(shopToken).vendor.decideReturn({ id: request.id, decision: 'approved', note: 'Send them back' });
    const admin = env.caller(adminToken).admin.returns;
    await admin.decide({ id: request.id, decision: 'rejected', note: 'Photos show wear <from use>' });
    await admin.decide({ id: request.id, decision: 'rejected', note: 'Repeated' });
    await admin.decide({ id: request.id, decision: 'approved' });

    const decisions = await emailsTo(userId, 'return_decision');
    expect(decisions.map((d) => d.subject)).toEqual([
      `Your return for order #${orderId} was approved`,
      `Your return for order #${orderId} was not approved`,
      `Your return for order #${orderId} was approved`,
    ]);
    expect(decisions[0]!.text).toContain('> Send them back');
    expect(decisions[1]!.text).toContain('> Photos show wear <from use>');
    expect(decisions[1]!.html).toContain('Photos show wear &lt;from use&gt;');
    const bells = await inAppOf(userId, 'return_decision');
    expect(bells).toHaveLength(3);
    expect(bells.every((n) => n.link === `/order/${orderId}`)).toBe(true);
  });

  it('a refund tells its customer once, when it becomes processed', async () => {
    const { token, userId, orderId } = await buy(2);
    sandbox.holdRefunds = true;
    try {
      await env.caller(token).orders.cancel({ id: orderId, reason: 'Changed my mind' });
      const [refund] = await fresh().find(RefundSchema, { order: orderId });
      expect(refund?.status).toBe('processing');
      expect(await emailsTo(userId, 'refund_sent')).toHaveLength(0);
      expect(await sandbox.settleRefund(refund!.providerRefundId!, 'processed')).toBe(true);
      await settle();
      // Paystack sends its webhook again: nothing more is written.
      const body = (await sandbox.refundWebhookBody('refund.processed', refund!.providerRefundId!)) ?? '';
      await handleWebhook({ em: fresh(), services: env.services }, body, signBody(sandbox.secretKey, body));
    } finally {
      sandbox.holdRefunds = false;
    }
    const mails = await emailsTo(userId, 'refund_sent');
    expect(mails).toHaveLength(1);
    // ₦24,000 of caps and the ₦2,000 shipping of the checkout.
    expect(mails[0]!.subject).toBe(`Your refund of ${formatKobo(2_600_000)} was sent`);
    expect(mails[0]!.text).toContain(`for order #${orderId}`);
    expect(mails[0]!.text).toContain('The order was cancelled.');
    expect(mails[0]!.text).toContain('Refunds are processed in 5-7 business days.');
    expect((await inAppOf(userId, 'refund_sent'))[0]?.link).toBe(`/order/${orderId}`);
  });
});

describe('payouts', () => {
  /** A shop with a resolved bank account and `naira` available now. */
  async function payableShop(naira: number, accountNumber: string) {
    const em = fresh();
    const vendor = await makeVendor(em, { shopName: `Payout Shop ${randomBytes(2).toString('hex')}` });
    vendor.accountNumber = accountNumber;
    vendor.bankCode = '057';
    vendor.resolvedAccountName = sandboxAccountName('057', accountNumber);
    vendor.bankVerifiedAt = new Date();
    await em.flush();
    const past = new Date(env.clock.now().getTime() - 86_400_000);
    const key = `test:${vendor.id}:${randomBytes(3).toString('hex')}`;
    const kobo = naira * 100;
    await writeEntries(fresh(), [
      { key: `${key}:sale`, vendorId: vendor.id, bucket: 'pending', kind: 'sale', amountKobo: kobo, effectiveAt: past },
      {
        key: `${key}:rel-`,
        vendorId: vendor.id,
        bucket: 'pending',
        kind: 'release',
        amountKobo: -kobo,
        effectiveAt: past,
      },
      {
        key: `${key}:rel+`,
        vendorId: vendor.id,
        bucket: 'available',
        kind: 'release',
        amountKobo: kobo,
        effectiveAt: past,
      },
    ]);
    return vendor;
  }

  const payoutOf = async (vendorId: number) =>
    (await fresh().find(PayoutSchema, { vendor: vendorId }, { disableIdentityMap: true }))[0]!;

  /** A payout run (its transfers settled) for a new shop with `naira` available; answers the shop and its payout. */
  async function paidOut(naira: number, accountNumber: string) {
    const vendor = await payableShop(naira, accountNumber);
    await runPayouts(env.services, { trigger: 'schedule' });
    await settle();
    return { vendor, payout: await payoutOf(vendor.id) };
  }

  it('sent: the amount and the last 4 digits; reversed later: a payout_failed with the reason', async () => {
    const { vendor, payout } = await paidOut(20_000, '0123456781');
    expect(payout.status).toBe('success');
    const sent = await emailsTo(vendor.user.id, 'payout_sent');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(`Payout of ${formatKobo(2_000_000)} sent`);
    expect(sent[0]!.text).toContain('Zenith Bank account ending 6781');
    expect(sent[0]!.text).not.toContain('0123456781');
    expect(sent[0]!.text).toContain(`Reference: ${payout.reference}`);
    expect((await inAppOf(vendor.user.id, 'payout_sent'))[0]?.link).toBe('/vendor/dashboard?tab=earnings');
    // The settle job asking again writes nothing more.
    await runPayouts(env.services, { trigger: 'schedule' });
    await settle();
    expect(await emailsTo(vendor.user.id, 'payout_sent')).toHaveLength(1);

    expect(await sandbox.reverseTransfer(payout.reference)).toBe(true);
    await settle();
    const reversed = await emailsTo(vendor.user.id, 'payout_failed');
    expect(reversed).toHaveLength(1);
    expect(reversed[0]!.subject).toBe(`Payout of ${formatKobo(2_000_000)} was reversed by the bank`);
    expect(reversed[0]!.text).toContain('The money is back in your available balance');
  });

  it('failed: the reason, once', async () => {
    const { vendor, payout } = await paidOut(8_000, SANDBOX_FAILING_TRANSFER_ACCOUNT);
    expect(payout.status).toBe('failed');
    const failed = await emailsTo(vendor.user.id, 'payout_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.subject).toBe(`Payout of ${formatKobo(800_000)} failed`);
    expect(failed[0]!.text).toContain(`> ${payout.failureReason}`);
    expect(failed[0]!.text).toContain('ending 0009');
    expect(await inAppOf(vendor.user.id, 'payout_failed')).toHaveLength(1);
    expect(await emailsTo(vendor.user.id, 'payout_sent')).toHaveLength(0);
  });
});

describe('through a real SMTP server', () => {
  it("a paid order's emails arrive: the shop's with its items and the 48-hour rule, the customer's with the payment", async () => {
    const { userId, orderId } = await buy(2);
    const customerEmail = (await emailsTo(userId, 'payment_received'))[0]!.toAddress;
    await deliverOutbox(env.services);
    await smtp.waitFor((all) =>
      all.some((m) => m.envelopeTo.includes(shop.user.email) && m.subject.startsWith(`New paid order #${orderId}:`)),
    );
    const vendorMail = smtp.to(shop.user.email).find((m) => m.subject.startsWith(`New paid order #${orderId}:`));
    expect(vendorMail?.subject).toBe(`New paid order #${orderId}: 2 caps (${formatKobo(2_600_000)})`);
    expect(vendorMail!.text).toContain(`- 2 × Zanna Bukar Cap (size 58): ${formatKobo(2_400_000)}`);
    expect(vendorMail!.text).toContain('Vendors must deliver to the platform within 48 hours of order confirmation.');
    expect(vendorMail!.html).toContain(`href="${PUBLIC_URL}/vendor/dashboard?tab=orders"`);
    expect(smtp.to(customerEmail).some((m) => m.subject === `Payment of ${formatKobo(2_600_000)} received`)).toBe(true);
    const row = (await emailsTo(shop.user.id, 'new_order')).find((e) => e.key.startsWith(`order:${orderId}:`));
    expect(row?.status).toBe('sent');
    expect(vendorMail!.messageId).toBe(row?.messageId);
  });
});
