import { CONTACT, formatKobo } from '@caps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Em } from '../src/db/orm.js';
import { AuditLogSchema, UserSchema } from '../src/modules/auth/auth.entities.js';
import type { Product } from '../src/modules/catalogue/catalogue.entities.js';
import { CouponSchema } from '../src/modules/coupons/coupons.entities.js';
import { checkoutPaid } from '../src/modules/notifications/events/orders.js';
import {
  EmailMessageSchema,
  NotificationPreferenceSchema,
  NotificationSchema,
} from '../src/modules/notifications/notifications.entities.js';
import { OrderStatusChangeSchema } from '../src/modules/orders/orders.entities.js';
import { handleWebhook } from '../src/modules/payment/payment.service.js';
import { signBody } from '../src/modules/payment/provider.js';
import { SANDBOX_SUCCESS_CARD } from '../src/modules/payment/sandbox.js';
import type { Vendor } from '../src/modules/vendors/vendors.entities.js';
import { buying } from './buying.js';
import { makeProduct, makeUser, makeVendor, placeOrder } from './fixtures.js';
import { createTestEnv, sessionTokenFor, type TestEnv } from './harness.js';

/**
 * What is sent (issue 14): each order, shop, review, report and contact event writes its in-app
 * notifications and outbox emails in the transaction of its cause, once per event, with escaped HTML,
 * one-line subjects, absolute links from PUBLIC_URL and the recipient's preferences for non-essential
 * kinds. Runs on SQLite and PostgreSQL. Money events (returns, refunds, payouts) and a real SMTP delivery:
 * notifications-events-money.test.ts.
 */

const PUBLIC_URL = 'https://caps.example.ng';
const BOLD_SHOP = 'Bola <b>Bold</b> Caps';
const HEADER_SHOP = 'Zanna\r\nBcc: evil@example.com';

let env: TestEnv;
const b = buying(() => env);
const fresh = () => env.services.orm.em.fork() as Em;

let bola: Vendor;
let bolaCap: Product;
let zanna: Vendor;
let zannaToken: string;
let zannaCap: Product;
let adminToken: string;
let adminIds: number[];

beforeAll(async () => {
  env = await createTestEnv({ publicUrl: PUBLIC_URL });
  const em = fresh();
  bola = await makeVendor(em, { shopName: BOLD_SHOP });
  zanna = await makeVendor(em, { shopName: 'Zanna Heritage' });
  zannaToken = await sessionTokenFor(env.services, zanna.user.id);
  bolaCap = await makeProduct(em, bola, { name: 'Kanuri Zanna Cap', priceNaira: 15_000, stock: 1_000 });
  zannaCap = await makeProduct(em, zanna, { name: 'Fulani Hula', priceNaira: 8_500, stock: 1_000 });
  em.create(CouponSchema, { vendor: null, code: 'SAVE10', discountPercent: 10, usedCount: 0 });
  await em.flush();
  const admins = [await makeUser(em, { role: 'admin' }), await makeUser(em, { role: 'admin' })];
  // A suspended admin hears nothing.
  await makeUser(em, { role: 'admin', status: 'suspended' });
  adminIds = admins.map((a) => a.id);
  adminToken = await sessionTokenFor(env.services, admins[0]!.id);
});
afterAll(async () => env?.close());

// ---------------------------------------------------------------------------------------------------------
// Reading what was written

const inAppOf = (userId: number, kind?: string) =>
  fresh().find(NotificationSchema, { user: userId, ...(kind ? { kind } : {}) } as never, { orderBy: { id: 'asc' } });
const emailsOf = (where: Record<string, unknown>) =>
  fresh().find(EmailMessageSchema, where as never, { orderBy: { id: 'asc' } });
const emailsTo = (userId: number, kind: string) => emailsOf({ user: userId, kind });

async function onlyEmail(userId: number, kind: string) {
  const emails = await emailsTo(userId, kind);
  expect(emails).toHaveLength(1);
  return emails[0]!;
}

async function onlyInApp(userId: number, kind: string) {
  const rows = await inAppOf(userId, kind);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

const emailOfUser = async (userId: number) => (await fresh().findOneOrFail(UserSchema, { id: userId })).email;

/** The webhook Paystack would send for a paid reference, signed as the sandbox signs. */
function chargeWebhook(reference: string) {
  const sandbox = env.services.sandbox!;
  const body = JSON.stringify({ event: 'charge.success', data: { reference } });
  return handleWebhook({ em: fresh(), services: env.services }, body, signBody(sandbox.secretKey, body));
}

const shipping = {
  fullName: 'Amina Bello',
  email: 'amina.ship@example.com',
  phone: '+2348031234567',
  address: '12 Baga Road',
  city: 'Maiduguri',
  state: 'Borno',
  postalCode: '600001',
};

/** A customer's checkout of these caps (size 58) with shipping details; paid unless told. */
async function checkout(lines: [Product, number][], options: { pay?: boolean; coupon?: string } = {}) {
  const customer = await b.customer({ fullName: 'Amina Bello' });
  const placed = await env.caller(customer.token).orders.create({
    shipping_address: '12 Baga Road, Maiduguri, Borno 600001',
    shipping,
    items: lines.map(([product, quantity]) => ({ product_id: product.id, quantity, size: '58' })),
    ...(options.coupon ? { coupon_code: options.coupon } : {}),
  });
  let reference: string | null = null;
  if (options.pay !== false) {
    const payment = await b.initiate(customer.token, placed.id);
    reference = payment.reference;
    await env.services.sandbox!.pay(reference, SANDBOX_SUCCESS_CARD);
    expect((await env.caller(customer.token).payment.verify({ reference })).success).toBe(true);
  }
  return { ...customer, orderIds: placed.order_ids, checkoutId: placed.checkout_id, reference };
}

const advance = async (token: string, id: number, status: 'confirmed' | 'shipped' | 'delivered', note?: string) =>
  env.caller(token).vendor.advanceOrder({ id, status, ...(note ? { note } : {}) });

// ---------------------------------------------------------------------------------------------------------

describe('order placed and paid', () => {
  it("tells the customer the checkout's orders by shop, with sizes, prices, discount, shipping and total", async () => {
    const { userId, orderIds, checkoutId } = await checkout(
      [
        [bolaCap, 2],
        [zannaCap, 1],
      ],
      { pay: false, coupon: 'SAVE10' },
    );
    const [bolaOrder, zannaOrder] = orderIds as [number, number];
    const email = await onlyEmail(userId, 'order_placed');
    expect(email.toAddress).toBe(await emailOfUser(userId));
    expect(email.subject).toBe(`Your orders #${bolaOrder}, #${zannaOrder} are placed`);
    expect(email.status).toBe('kept');
    // 2 × ₦15,000 + ₦8,500 = ₦38,500; 10% off = ₦3,850; + ₦2,000 shipping = ₦36,650.
    for (const line of [
      `Order #${bolaOrder} from ${BOLD_SHOP}`,
      `- 2 × Kanuri Zanna Cap (size 58): ${formatKobo(3_000_000)}`,
      `Order #${zannaOrder} from Zanna Heritage`,
      `- 1 × Fulani Hula (size 58): ${formatKobo(850_000)}`,
      `Subtotal: ${formatKobo(3_850_000)}`,
      `Discount: −${formatKobo(385_000)}`,
      `Shipping: ${formatKobo(200_000)}`,
      `Total: ${formatKobo(3_665_000)}`,
      'Pay within 30 minutes',
      `View and pay: ${PUBLIC_URL}/order/${bolaOrder}`,
    ]) {
      expect(email.text).toContain(line);
    }
    expect(email.html).toContain(`href="${PUBLIC_URL}/order/${bolaOrder}"`);
    // Essential: no preferences link.
    expect(email.text).not.toContain('/notifications?tab=preferences');
    const bell = await onlyInApp(userId, 'order_placed');
    expect(bell).toMatchObject({ title: email.subject, link: `/order/${bolaOrder}` });
    // Nothing for the shops before payment.
    expect(await emailsOf({ kind: 'new_order', key: { $like: `order:${bolaOrder}:%` } })).toHaveLength(0);
    expect(checkoutId).toBeGreaterThan(0);
  });

  it('a payment applied by the verify and the webhook: one payment_received, one new_order per shop', async () => {
    const { token, userId, orderIds, checkoutId, reference } = await checkout([
      [bolaCap, 1],
      [zannaCap, 3],
    ]);
    // The webhook arrives after the verify (twice, and once more at the same time as a verify).
    await chargeWebhook(reference!);
    await Promise.all([chargeWebhook(reference!), env.caller(token).payment.verify({ reference: reference! })]);
    // A job re-running the event writes nothing more.
    await fresh().transactional((em) => checkoutPaid(em as Em, env.services, checkoutId));

    const [bolaOrder, zannaOrder] = orderIds as [number, number];
    const received = await onlyEmail(userId, 'payment_received');
    expect(received.subject).toBe(`Payment of ${formatKobo(1_500_000 + 2_550_000 + 200_000)} received`);
    expect(received.text).toContain(`Order #${bolaOrder} (${BOLD_SHOP})`);
    expect((await onlyInApp(userId, 'payment_received')).link).toBe('/orders');

    const bolaNew = (await emailsTo(bola.user.id, 'new_order')).filter((e) => e.key.startsWith(`order:${bolaOrder}:`));
    const zannaNew = (await emailsTo(zanna.user.id, 'new_order')).filter((e) =>
      e.key.startsWith(`order:${zannaOrder}:`),
    );
    expect(bolaNew).toHaveLength(1);
    expect(zannaNew).toHaveLength(1);
    const mail = zannaNew[0]!;
    expect(mail.toAddress).toBe(zanna.user.email);
    expect(mail.subject).toBe(`New paid order #${zannaOrder}: 3 caps (${formatKobo(2_550_000)})`);
    for (const line of [
      `- 3 × Fulani Hula (size 58): ${formatKobo(2_550_000)}`,
      'Name: Amina Bello',
      'Phone: +2348031234567',
      'Address: 12 Baga Road',
      'City: Maiduguri',
      'State: Borno',
      'Vendors must deliver to the platform within 48 hours of order confirmation.',
      `Open your orders: ${PUBLIC_URL}/vendor/dashboard?tab=orders`,
    ]) {
      expect(mail.text).toContain(line);
    }
    const bells = (await inAppOf(zanna.user.id, 'new_order')).filter((n) => n.key.startsWith(`order:${zannaOrder}:`));
    expect(bells).toHaveLength(1);
    expect(bells[0]).toMatchObject({ title: `New paid order #${zannaOrder}`, link: '/vendor/dashboard?tab=orders' });
  });

  it('a cap left with 2 or fewer after a sale tells its shop once (not essential: with a preferences link)', async () => {
    const em = fresh();
    const lastCaps = await makeProduct(em, zanna, { name: 'Last Caps', priceNaira: 5_000, stock: 4 });
    const { orderIds } = await checkout([[lastCaps, 2]]);
    const orderId = orderIds[0]!;
    const mails = (await emailsTo(zanna.user.id, 'low_stock')).filter((e) => e.key.startsWith(`order:${orderId}:`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.key).toBe(`order:${orderId}:low_stock:${lastCaps.id}:email:user:${zanna.user.id}`);
    expect(mails[0]!.subject).toBe('Low stock: Last Caps has only 2 left');
    expect(mails[0]!.text).toContain(`${PUBLIC_URL}/notifications?tab=preferences`);
    expect(mails[0]!.html).toContain(`href="${PUBLIC_URL}/notifications?tab=preferences"`);
    const bell = (await inAppOf(zanna.user.id, 'low_stock')).find((n) => n.key.startsWith(`order:${orderId}:`));
    expect(bell?.link).toBe('/vendor/dashboard?tab=products');
    // The other cap of the shop (plenty left) tells nothing.
    expect((await emailsTo(zanna.user.id, 'low_stock')).some((e) => e.key.includes(`:low_stock:${zannaCap.id}:`))).toBe(
      false,
    );
  });

  it("escapes a shop's name in the HTML and keeps it literal in the text", async () => {
    const { orderIds } = await checkout([[bolaCap, 1]]);
    const mail = (await emailsTo(bola.user.id, 'new_order')).find((e) => e.key.startsWith(`order:${orderIds[0]}:`))!;
    expect(mail.text).toContain(`paid for order #${orderIds[0]} at ${BOLD_SHOP}`);
    expect(mail.html).toContain('Bola &lt;b&gt;Bold&lt;/b&gt; Caps');
    expect(mail.html).not.toContain('<b>Bold</b>');
  });
});

describe("the shop's steps", () => {
  it("confirmed, shipped with the shop's note (stored on the history), delivered with the review link", async () => {
    const { userId, orderIds } = await checkout([[zannaCap, 1]]);
    const orderId = orderIds[0]!;
    await advance(zannaToken, orderId, 'confirmed');
    const note = 'GIG tracking 12345 <fragile> & handle with care';
    await advance(zannaToken, orderId, 'shipped', note);
    await advance(zannaToken, orderId, 'delivered');

    const history = await fresh().find(OrderStatusChangeSchema, { order: orderId, toStatus: 'shipped' });
    expect(history.map((h) => h.note)).toEqual([note]);

    const confirmed = await onlyEmail(userId, 'order_confirmed');
    expect(confirmed.subject).toBe(`Your order #${orderId} is confirmed`);
    expect(confirmed.text).toContain('Zanna Heritage confirmed your order');

    const shipped = await onlyEmail(userId, 'order_shipped');
    expect(shipped.subject).toBe(`Your order #${orderId} has shipped`);
    expect(shipped.text).toContain('A note from Zanna Heritage');
    expect(shipped.text).toContain(`> ${note}`);
    expect(shipped.html).toContain('GIG tracking 12345 &lt;fragile&gt; &amp; handle with care');
    expect(shipped.html).not.toContain('<fragile>');

    const delivered = await onlyEmail(userId, 'order_delivered');
    expect(delivered.text).toContain(`Review your caps: ${PUBLIC_URL}/order/${orderId}`);
    expect(delivered.text).toContain('You can ask for a return until');
    expect(delivered.html).toContain(`href="${PUBLIC_URL}/order/${orderId}"`);

    for (const kind of ['order_confirmed', 'order_shipped', 'order_delivered']) {
      expect((await onlyInApp(userId, kind)).link).toBe(`/order/${orderId}`);
    }
    expect((await onlyInApp(userId, 'order_shipped')).body).toContain('Zanna Heritage shipped your order');
  });
});

describe('cancellations', () => {
  it('the shop cancels: the customer is told the reason and the refund; the shop is not', async () => {
    const { userId, orderIds } = await checkout([[zannaCap, 2]]);
    const orderId = orderIds[0]!;
    await env.caller(zannaToken).vendor.cancelOrder({ id: orderId, reason: 'Out of <size 58> caps' });
    const mail = await onlyEmail(userId, 'order_cancelled');
    expect(mail.subject).toBe(`Your order #${orderId} was cancelled by Zanna Heritage`);
    // Its items and the checkout's shipping (no other order left to ship): ₦17,000 + ₦2,000.
    expect(mail.text).toContain(`We are refunding ${formatKobo(1_900_000)} to you.`);
    expect(mail.text).toContain('> Out of <size 58> caps');
    expect(mail.html).toContain('Out of &lt;size 58&gt; caps');
    expect((await onlyInApp(userId, 'order_cancelled')).link).toBe(`/order/${orderId}`);
    expect(
      (await emailsTo(zanna.user.id, 'order_cancelled')).filter((e) => e.key.startsWith(`order:${orderId}:`)),
    ).toHaveLength(0);
  });

  it('the customer cancels a paid order: the shop is told; an unpaid checkout cancelled or expired tells no one', async () => {
    const paid = await checkout([[bolaCap, 1]]);
    const orderId = paid.orderIds[0]!;
    await env.caller(paid.token).orders.cancel({ id: orderId, reason: 'Ordered the wrong colour' });
    const mail = (await emailsTo(bola.user.id, 'order_cancelled')).find((e) => e.key.startsWith(`order:${orderId}:`));
    expect(mail?.subject).toBe(`Order #${orderId} was cancelled by the customer`);
    expect(mail?.text).toContain('Ordered the wrong colour');
    expect(mail?.text).toContain(`${formatKobo(1_700_000)} is refunded to the customer.`);
    const bell = (await inAppOf(bola.user.id, 'order_cancelled')).find((n) => n.key.startsWith(`order:${orderId}:`));
    expect(bell?.link).toBe('/vendor/dashboard?tab=orders');
    expect(await emailsTo(paid.userId, 'order_cancelled')).toHaveLength(0);

    const unpaid = await checkout([[bolaCap, 1]], { pay: false });
    await env.caller(unpaid.token).orders.cancel({ id: unpaid.orderIds[0]! });
    const expired = await checkout([[bolaCap, 1]], { pay: false });
    await b.expireAndRelease(expired.checkoutId);
    for (const id of [unpaid.orderIds[0], expired.orderIds[0]]) {
      expect(await emailsOf({ kind: 'order_cancelled', key: { $like: `order:${id}:%` } })).toHaveLength(0);
    }
  });
});

describe('reviews and preferences', () => {
  it("a review's HTML arrives escaped; email turned off for new_review leaves the bell; essential kinds ignore such rows", async () => {
    const em = fresh();
    const shop = await makeVendor(em, { shopName: 'Review Shop' });
    const cap = await makeProduct(em, shop, { name: 'Reviewed Cap', priceNaira: 9_000, stock: 50 });
    const reviewer = await b.customer({ fullName: 'Musa <i>Reviewer</i>' });
    await placeOrder(em, reviewer.userId, cap, 'delivered');
    const comment = '<script>alert(1)</script> lovely stitching';
    await env.caller(reviewer.token).reviews.create({ product_id: cap.id, rating: 4, comment });

    const mail = await onlyEmail(shop.user.id, 'new_review');
    expect(mail.subject).toBe('New 4-star review of Reviewed Cap');
    expect(mail.text).toContain(`> ${comment}`);
    expect(mail.text).toContain('Musa <i>Reviewer</i> gave Reviewed Cap 4 out of 5 stars.');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; lovely stitching');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<i>Reviewer</i>');
    expect(mail.text).toContain(`${PUBLIC_URL}/notifications?tab=preferences`);
    expect((await onlyInApp(shop.user.id, 'new_review')).link).toBe(`/product/${cap.id}`);

    // The owner turns new_review email off, and (without effect) new_order email and bell too.
    em.create(NotificationPreferenceSchema, { user: shop.user.id, kind: 'new_review', email: false, inApp: true });
    em.create(NotificationPreferenceSchema, { user: shop.user.id, kind: 'new_order', email: false, inApp: false });
    await em.flush();
    const second = await b.customer({ fullName: 'Hauwa Ali' });
    await placeOrder(em, second.userId, cap, 'delivered');
    await env
      .caller(second.token)
      .reviews.create({ vendor_id: shop.id, rating: 5, comment: 'Quick delivery, thank you!' });
    expect(await emailsTo(shop.user.id, 'new_review')).toHaveLength(1);
    const bells = await inAppOf(shop.user.id, 'new_review');
    expect(bells).toHaveLength(2);
    expect(bells[1]).toMatchObject({ title: 'New 5-star review of your shop Review Shop', link: `/shop/${shop.id}` });

    const { orderIds } = await checkout([[cap, 1]]);
    const orderMails = (await emailsTo(shop.user.id, 'new_order')).filter((e) =>
      e.key.startsWith(`order:${orderIds[0]}:`),
    );
    expect(orderMails).toHaveLength(1);
    expect(await inAppOf(shop.user.id, 'new_order')).toHaveLength(1);
  });
});

describe('reports and contact messages', () => {
  it("a report tells every active admin; resolving it tells the shop (never the reporter's name), each time", async () => {
    const reporter = await b.customer({ fullName: 'Secret Reporter' });
    const report = await env
      .caller(reporter.token)
      .reports.create({ vendor_id: zanna.id, reason: 'Poor quality', description: 'Threads came <loose>.' });
    for (const adminId of adminIds) {
      const mail = await onlyEmail(adminId, 'new_report');
      expect(mail.subject).toBe('New report about Zanna Heritage: Poor quality');
      expect(mail.text).toContain('> Threads came <loose>.');
      expect(mail.html).toContain('Threads came &lt;loose&gt;.');
      expect((await onlyInApp(adminId, 'new_report')).link).toBe('/admin/dashboard?tab=reports');
    }
    expect(await emailsOf({ kind: 'new_report' })).toHaveLength(adminIds.length);

    const admin = env.caller(adminToken).reports;
    await admin.setStatus({ id: report.id, status: 'reviewed' });
    expect(await emailsTo(zanna.user.id, 'report_resolved')).toHaveLength(0);
    await admin.setStatus({ id: report.id, status: 'resolved' });
    await admin.setStatus({ id: report.id, status: 'resolved' });
    const resolved = await onlyEmail(zanna.user.id, 'report_resolved');
    expect(resolved.subject).toBe('A report about Zanna Heritage was resolved');
    expect(resolved.text).not.toContain('Secret Reporter');
    expect(resolved.text).toContain(`${PUBLIC_URL}/notifications?tab=preferences`);
    // Reopened and resolved again: told again.
    await admin.setStatus({ id: report.id, status: 'pending' });
    await admin.setStatus({ id: report.id, status: 'resolved' });
    expect(await emailsTo(zanna.user.id, 'report_resolved')).toHaveLength(2);
    expect(await inAppOf(zanna.user.id, 'report_resolved')).toHaveLength(2);
  });

  it('a contact message goes to every active admin and, by email, to the support address', async () => {
    const { id } = await env.caller().contact.send({
      name: 'Fatima Musa',
      email: 'fatima@example.com',
      subject: 'Bulk order\r\nBcc: evil@example.com',
      message: 'Can I order 50 <b>caps</b> for a wedding?',
    });
    const support = await emailsOf({ kind: 'contact_message', toAddress: CONTACT.email });
    expect(support).toHaveLength(1);
    expect(support[0]!.user).toBeNull();
    expect(support[0]!.subject).toBe('Contact message: Bulk order Bcc: evil@example.com');
    expect(support[0]!.text).toContain('> Can I order 50 <b>caps</b> for a wedding?');
    expect(support[0]!.text).toContain('From: Fatima Musa <fatima@example.com>');
    expect(support[0]!.html).toContain('Can I order 50 &lt;b&gt;caps&lt;/b&gt; for a wedding?');
    for (const adminId of adminIds) {
      expect((await onlyEmail(adminId, 'contact_message')).key).toBe(`contact:${id}:received:email:user:${adminId}`);
      expect((await onlyInApp(adminId, 'contact_message')).link).toBe('/admin/dashboard?tab=messages');
    }
  });
});

describe('verification and suspension', () => {
  it('a CR/LF in a shop name gives one-line subjects and titles; verifying tells the owner once', async () => {
    const em = fresh();
    const shop = await makeVendor(em, { shopName: HEADER_SHOP, verified: false });
    const vendors = env.caller(adminToken).admin.vendors;
    await vendors.verify({ id: shop.id });
    await vendors.verify({ id: shop.id });
    const mail = await onlyEmail(shop.user.id, 'shop_verified');
    expect(mail.subject).toBe('Your shop Zanna Bcc: evil@example.com is verified');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    const bell = await onlyInApp(shop.user.id, 'shop_verified');
    expect(bell.title).not.toMatch(/[\r\n]/);
    expect(bell.link).toBe('/vendor/dashboard');
  });

  it('suspending tells the owner the reason (kept in the audit), once per suspension', async () => {
    const em = fresh();
    const shop = await makeVendor(em, { shopName: 'Suspended Shop' });
    const vendors = env.caller(adminToken).admin.vendors;
    const reason = 'Counterfeit <caps> reported twice';
    await vendors.suspend({ id: shop.id, reason });
    await vendors.suspend({ id: shop.id, reason: 'again' });
    const mail = await onlyEmail(shop.user.id, 'shop_suspended');
    expect(mail.subject).toBe('Your shop Suspended Shop was suspended');
    expect(mail.text).toContain(`> ${reason}`);
    expect(mail.html).toContain('Counterfeit &lt;caps&gt; reported twice');
    expect(mail.text).toContain(CONTACT.email);
    const audits = await fresh().find(AuditLogSchema, { action: 'vendor.suspend', targetId: shop.id });
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({ reason, user_id: shop.user.id });

    await vendors.reinstate({ id: shop.id });
    await vendors.suspend({ id: shop.id });
    const mails = await emailsTo(shop.user.id, 'shop_suspended');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).not.toContain('Reason');
    expect(await inAppOf(shop.user.id, 'shop_suspended')).toHaveLength(2);
  });

  it("suspending a shop owner's account from Users tells the owner too, with the reason", async () => {
    const shop = await makeVendor(fresh(), { shopName: 'Owner Suspended Shop' });
    const users = env.caller(adminToken).admin.users;
    await users.suspend({ id: shop.user.id, reason: 'Unpaid fees' });
    await users.suspend({ id: shop.user.id, reason: 'again' });
    const mail = await onlyEmail(shop.user.id, 'shop_suspended');
    expect(mail.text).toContain('> Unpaid fees');
    const audits = await fresh().find(AuditLogSchema, { action: 'user.suspend', targetId: shop.user.id });
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({ reason: 'Unpaid fees' });
    // A customer's account has no shop: nothing is sent.
    const customer = await makeUser(fresh(), { role: 'customer' });
    await users.suspend({ id: customer.id });
    expect(await emailsTo(customer.id, 'shop_suspended')).toHaveLength(0);
  });
});
