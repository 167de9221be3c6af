import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../src/modules/catalogue/catalogue.entities.js';
import { CouponSchema } from '../src/modules/coupons/coupons.entities.js';
import { CheckoutSchema } from '../src/modules/orders/orders.entities.js';
import { PaymentSchema } from '../src/modules/payment/payment.entities.js';
import { SOLD_OUT_PAYMENT_MESSAGE } from '../src/modules/payment/payment.service.js';
import type { Vendor } from '../src/modules/vendors/vendors.entities.js';
import { buying, domainFailure } from './buying.js';
import { makeProduct, makeVendor } from './fixtures.js';
import { createTestEnv, type TestEnv } from './harness.js';

let env: TestEnv;
const b = buying(() => env);
let kano: Vendor;

beforeAll(async () => {
  env = await createTestEnv();
  kano = await makeVendor(env.services.orm.em.fork(), { shopName: 'Kano Caps' });
});
afterAll(async () => env?.close());

const cap = (stock = 40) =>
  makeProduct(env.services.orm.em.fork(), kano, { name: 'Zanna Cap', stock, sizes: ['57', '58'] });
const line = (product: Product, quantity = 1, size = '58') => ({ product_id: product.id, quantity, size });
const checkoutsOf = (userId: number) => b.fresh().find(CheckoutSchema, { user: userId }, { orderBy: { id: 'asc' } });

describe('one unpaid checkout cannot hold a whole product', () => {
  it('refuses more than 10 of one cap in one checkout with 429, reserving nothing', async () => {
    const product = await cap(40);
    const { token, userId } = await b.customer();
    const refusal = await domainFailure(b.place(token, [line(product, 40)]));
    expect(refusal).toMatchObject({
      code: 'UNPAID_CHECKOUT_LIMIT',
      message: `You can hold at most 10 of ${product.name} in an unpaid checkout. Please order 10 or fewer.`,
      retryAfter: 1800,
    });
    // Sizes of one cap count together.
    const split = await domainFailure(b.place(token, [line(product, 6, '57'), line(product, 5, '58')]));
    expect(split.code).toBe('UNPAID_CHECKOUT_LIMIT');
    expect(await b.stockOf(product.id)).toBe(40);
    expect(await checkoutsOf(userId)).toEqual([]);
    expect((await b.place(token, [line(product, 10)])).items[0]?.quantity).toBe(10);
    expect(await b.stockOf(product.id)).toBe(30);
  });

  it('releases the older unpaid checkout holding the same cap when the customer checks out again', async () => {
    const product = await cap(40);
    const other = await cap(40);
    const { token, userId } = await b.customer();
    const first = await b.place(token, [line(product, 10), line(other, 2)]);
    const payment = await b.initiate(token, first.id);
    const second = await b.place(token, [line(product, 10)]);
    // Stock given back by the first, taken by the second: one hold of 10, the other cap back in full.
    expect(await b.stockOf(product.id)).toBe(30);
    expect(await b.stockOf(other.id)).toBe(40);
    const old = await env.caller(token).orders.get({ id: first.id });
    expect(old).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
    expect(old.status_history.map((h) => [h.to, h.by.role])).toEqual([
      ['pending', 'customer'],
      ['cancelled', 'system'],
    ]);
    expect((await b.fresh().findOneOrFail(PaymentSchema, { reference: payment.reference })).status).toBe('abandoned');
    expect((await checkoutsOf(userId)).map((c) => c.paymentStatus)).toEqual(['failed', 'pending']);
    expect((await env.caller(token).orders.get({ id: second.id })).status).toBe('pending');
  });

  it('gives back the coupon use of the released checkout, so the new one can take it', async () => {
    const product = await cap(40);
    const em = b.fresh();
    const limited = em.create(CouponSchema, {
      vendor: kano,
      code: 'HOLD1',
      discountPercent: 10,
      usageLimit: 1,
      usedCount: 0,
      expiresAt: null,
    });
    await em.flush();
    const { token } = await b.customer();
    await b.place(token, [line(product, 2)], 'HOLD1');
    const again = await b.place(token, [line(product, 3)], 'HOLD1');
    expect(again.discount).toBeGreaterThan(0);
    expect(await b.usedCount(limited.id)).toBe(1);
  });

  it('keeps 5 checkouts of the same cap sent at once to one hold of at most 10', async () => {
    const product = await cap(40);
    const { token, userId } = await b.customer();
    await Promise.allSettled(Array.from({ length: 5 }, () => b.place(token, [line(product, 10)])));
    const pending = (await checkoutsOf(userId)).filter((c) => c.paymentStatus === 'pending');
    expect(pending).toHaveLength(1);
    expect(await b.stockOf(product.id)).toBe(30);
  });
});

describe('one customer holds at most 3 unpaid checkouts', () => {
  it('refuses a 4th with 429 until the oldest expires, reserving nothing', async () => {
    const products = await Promise.all([1, 2, 3, 4].map(() => cap(40)));
    const { token, userId } = await b.customer();
    for (const product of products.slice(0, 3)) await b.place(token, [line(product)]);
    const fourth = products[3] as Product;
    const refusal = await domainFailure(b.place(token, [line(fourth)]));
    expect(refusal.code).toBe('UNPAID_CHECKOUT_LIMIT');
    expect(refusal.message).toBe(
      'You have 3 unpaid checkouts. Pay for one or wait until it expires before placing another.',
    );
    expect(refusal.retryAfter).toBeGreaterThan(1700);
    expect(refusal.retryAfter).toBeLessThanOrEqual(1800);
    expect(await b.stockOf(fourth.id)).toBe(40);
    expect(await checkoutsOf(userId)).toHaveLength(3);

    // Paying one makes room.
    const [oldest] = await checkoutsOf(userId);
    const order = (await env.caller(token).orders.list()).find((o) => o.checkout_id === oldest?.id);
    await b.payFor(token, order?.id as number);
    await b.place(token, [line(fourth)]);
  });

  it('does not count checkouts whose 30 minutes are over, released or not yet', async () => {
    const products = await Promise.all([1, 2, 3, 4].map(() => cap(40)));
    const { token, userId } = await b.customer();
    for (const product of products.slice(0, 3)) await b.place(token, [line(product)]);
    const [oldest] = await checkoutsOf(userId);
    await b.fresh().nativeUpdate(CheckoutSchema, { id: oldest?.id }, { expiresAt: new Date(Date.now() - 1000) });
    await b.place(token, [line(products[3] as Product)]);
  });

  it('lets at most 3 of 6 checkouts sent at once through', async () => {
    const products = await Promise.all([1, 2, 3, 4, 5, 6].map(() => cap(40)));
    const { token, userId } = await b.customer();
    const results = await Promise.allSettled(products.map((p) => b.place(token, [line(p)])));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    }
    expect(await checkoutsOf(userId)).toHaveLength(3);
    const stocks = await Promise.all(products.map((p) => b.stockOf(p.id)));
    expect(stocks.filter((s) => s === 39)).toHaveLength(3);
    expect(stocks.filter((s) => s === 40)).toHaveLength(3);
  });

  it('answers the same checkout to a retry with the same Idempotency-Key, even at the limit', async () => {
    const products = await Promise.all([1, 2, 3].map(() => cap(40)));
    const { token } = await b.customer();
    const placed = [];
    for (const [i, product] of products.entries())
      placed.push(await b.place(token, [line(product)], undefined, `k${i}`));
    const again = await b.place(token, [line(products[2] as Product)], undefined, 'k2');
    expect(again.id).toBe(placed[2]?.id);
    expect(await b.stockOf((products[2] as Product).id)).toBe(39);
  });
});

describe('a few fresh accounts cannot hold a whole shop (issue 25, finding 3)', () => {
  it('six accounts each holding the most they can leave every cap buyable: an honest buyer pays', async () => {
    const em = b.fresh();
    const shop = await makeVendor(em, { shopName: 'Baga Road Caps' });
    // The probe's shop: 22 caps, 490 caps in all, none more than 6 accounts x 10 could hold.
    const stocks = Array.from({ length: 22 }, (_, i) => 12 + i);
    stocks[21] = (stocks[21] as number) - 5;
    expect(stocks.reduce((sum, s) => sum + s, 0)).toBe(490);
    const caps: Product[] = [];
    for (const stock of stocks) caps.push(await makeProduct(em, shop, { stock, sizes: ['58'] }));

    for (let account = 0; account < 6; account++) {
      const { token } = await b.customer();
      // The most one unpaid checkout may ask of each cap: 10, or what is left on sale.
      const items = [];
      for (const product of caps) {
        const quantity = Math.min(10, await b.stockOf(product.id));
        if (quantity > 0) items.push(line(product, quantity));
      }
      if (items.length > 0) await b.place(token, items);
    }
    // Unpaid checkouts hold at most half of each cap; the other half is on sale to whoever pays first.
    for (const [i, product] of caps.entries()) {
      expect(await b.stockOf(product.id)).toBeGreaterThanOrEqual(Math.ceil((stocks[i] as number) / 2));
    }
    const onSale = [await b.stockOf((caps[0] as Product).id), await b.stockOf((caps[21] as Product).id)];

    const { token: buyer } = await b.customer();
    const wanted = [caps[0] as Product, caps[21] as Product];
    const placed = await b.place(
      buyer,
      wanted.map((product) => line(product, 2)),
    );
    const verified = await b.payFor(buyer, placed.id);
    expect(verified).toMatchObject({ success: true, status: 'paid' });
    expect(await env.caller(buyer).orders.get({ id: placed.id })).toMatchObject({
      payment_status: 'paid',
      status: 'pending',
    });
    expect(await b.stockOf((caps[0] as Product).id)).toBe((onSale[0] as number) - 2);
    expect(await b.stockOf((caps[21] as Product).id)).toBe((onSale[1] as number) - 2);
  });

  it('holds at most half of a cap, at least 1 cap while any is left; past that a line is placed unheld', async () => {
    const single = await cap(1);
    const first = await b.customer();
    await b.place(first.token, [line(single)]);
    expect(await b.stockOf(single.id)).toBe(0);
    const refusal = await domainFailure(b.place((await b.customer()).token, [line(single)]));
    expect(refusal).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: `${single.name} is sold out for now: 1 more is in unpaid checkouts and goes back on sale if not paid within 30 minutes.`,
    });

    const three = await cap(3);
    await b.place(first.token, [line(three)]);
    expect(await b.stockOf(three.id)).toBe(2);
    // A second hold would pass half of 3: the line is placed, its caps stay on sale until paid.
    const second = await b.customer();
    const unheld = await b.place(second.token, [line(three, 2)]);
    expect(await b.stockOf(three.id)).toBe(2);
    const more = await domainFailure(b.place((await b.customer()).token, [line(three, 3)]));
    expect(more.message).toBe(
      `Only 2 left of ${three.name} now: 1 more is in unpaid checkouts and goes back on sale if not paid within 30 minutes.`,
    );
    // Paying takes them; the first buyer's hold is untouched.
    expect(await b.payFor(second.token, unheld.id)).toMatchObject({ success: true, status: 'paid' });
    expect(await b.stockOf(three.id)).toBe(0);
    // Released unpaid, a checkout gives back only what it held.
    for (const held of await checkoutsOf(first.userId)) await b.expireAndRelease(held.id);
    expect(await b.stockOf(three.id)).toBe(1);
    expect(await b.stockOf(single.id)).toBe(1);
  });

  it('keeps 10 customers holding the same cap at once to half of its stock', async () => {
    const product = await cap(40);
    const customers = await Promise.all(Array.from({ length: 10 }, () => b.customer()));
    const placed = await Promise.allSettled(customers.map((c) => b.place(c.token, [line(product, 10)])));
    expect(placed.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(4);
    expect(await b.stockOf(product.id)).toBe(20);
  });

  it('sells unheld caps to whoever pays first; the later payer is refused before paying, or refunded', async () => {
    const product = await cap(4);
    const holder = await b.customer();
    await b.place(holder.token, [line(product, 2)]);
    const slow = await b.customer();
    const fast = await b.customer();
    const other = await cap(40);
    const slowCheckout = await b.place(slow.token, [line(product, 2), line(other, 3)]);
    const fastCheckout = await b.place(fast.token, [line(product, 2)]);
    expect(await b.stockOf(product.id)).toBe(2);
    expect(await b.stockOf(other.id)).toBe(37);
    const slowPayment = await b.initiate(slow.token, slowCheckout.id);

    expect(await b.payFor(fast.token, fastCheckout.id)).toMatchObject({ success: true });
    expect(await b.stockOf(product.id)).toBe(0);
    // Sold out now: starting a payment is refused before any money moves.
    const refused = await domainFailure(b.initiate(slow.token, slowCheckout.id));
    expect(refused).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: `Sorry, ${product.name} sold out before you paid: it was not held for this checkout. Please check out again.`,
    });
    // A payment already made on the older page is refunded; the checkout's held caps go back on sale.
    expect(await b.payReference(slow.token, slowPayment.reference)).toMatchObject({
      success: false,
      message: SOLD_OUT_PAYMENT_MESSAGE,
    });
    expect((await b.fresh().findOneOrFail(PaymentSchema, { reference: slowPayment.reference })).status).toBe(
      'refund_due',
    );
    expect(await env.caller(slow.token).orders.get({ id: slowCheckout.id })).toMatchObject({
      status: 'cancelled',
      payment_status: 'failed',
    });
    expect(await b.stockOf(product.id)).toBe(0);
    expect(await b.stockOf(other.id)).toBe(40);
  });
});
