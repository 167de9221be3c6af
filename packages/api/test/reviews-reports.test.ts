import { ERROR_MESSAGES, REPORT_TEXT, REVIEW_TEXT, VALIDATION_MESSAGES } from '@caps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserSchema } from '../src/modules/auth/auth.entities.js';
import { type Product, ProductSchema } from '../src/modules/catalogue/catalogue.entities.js';
import { ReportSchema } from '../src/modules/reports/reports.entities.js';
import { ReviewSchema } from '../src/modules/reviews/reviews.entities.js';
import { type Vendor, VendorSchema } from '../src/modules/vendors/vendors.entities.js';
import { makeProduct, makeVendor, placeOrder } from './fixtures.js';
import { createTestEnv, customerInput, failureOf, type TestEnv, vendorInput } from './harness.js';

let env: TestEnv;
const fresh = () => env.services.orm.em.fork();

interface Account {
  id: number;
  token: string;
}

async function customer(): Promise<Account> {
  const { token, user } = await env.caller().auth.register(customerInput());
  return { id: user.id, token };
}

/** A vendor who can sign in, with a verified (listed) shop. */
async function vendorAccount(shopName: string): Promise<Account & { shop: Vendor }> {
  const { token, user } = await env.caller().auth.register(vendorInput({ shop_name: shopName }));
  const em = fresh();
  const shop = await em.findOneOrFail(VendorSchema, { user: user.id });
  shop.verifiedAt = new Date();
  await em.flush();
  return { id: user.id, token, shop };
}

/** Admins are made by the create-admin command, not by registration; here a customer is promoted. */
async function adminAccount(): Promise<Account> {
  const account = await customer();
  await fresh().nativeUpdate(UserSchema, { id: account.id }, { role: 'admin' });
  return account;
}

const COMMENT = 'Lovely embroidery, fits well and arrived on time.';
const reviewCount = () => fresh().count(ReviewSchema, {});
const reportCount = () => fresh().count(ReportSchema, {});
const ratingOf = async (productId: number) => {
  const product = await fresh().findOneOrFail(ProductSchema, { id: productId });
  return { average: product.ratingAverage, count: product.ratingCount };
};

let kano: Account & { shop: Vendor };
let lagos: Account & { shop: Vendor };
let admin: Account;
let zanna: Product;
let fila: Product;
beforeAll(async () => {
  env = await createTestEnv();
  kano = await vendorAccount('Kano Hula House');
  lagos = await vendorAccount('Lagos Fila Studio');
  admin = await adminAccount();
  const em = fresh();
  zanna = await makeProduct(em, await em.findOneOrFail(VendorSchema, { id: kano.shop.id }), { name: 'Zanna Bukar' });
  fila = await makeProduct(em, await em.findOneOrFail(VendorSchema, { id: lagos.shop.id }), { name: 'Fila Gobi' });
});
afterAll(async () => env?.close());

describe('reviews.create of a cap', () => {
  it('takes a review of a delivered cap as a verified purchase and recounts the rating from the table', async () => {
    const em = fresh();
    // Rating columns that disagree with the (empty) review table: a recount sets them right, a nudge would not.
    const cap = await makeProduct(em, await em.findOneOrFail(VendorSchema, { id: kano.shop.id }), {
      ratingAverage: 1,
      ratingCount: 7,
    });
    const amina = await customer();
    await placeOrder(em, amina.id, cap);
    const review = await env
      .caller(amina.token)
      .reviews.create({ product_id: cap.id, rating: 4, comment: `  ${COMMENT}  ` });
    expect(review).toMatchObject({
      user_id: amina.id,
      user: { full_name: 'Amina Bello' },
      product_id: cap.id,
      vendor_id: kano.shop.id,
      rating: 4,
      comment: COMMENT,
      verified_purchase: true,
    });
    // The name only: no part of the reviewer's email in a public review (issue 25).
    expect(review.user?.email).toBe('');
    expect(await ratingOf(cap.id)).toEqual({ average: 4, count: 1 });

    const bola = await customer();
    await placeOrder(em, bola.id, cap);
    await env.caller(bola.token).reviews.create({ product_id: cap.id, rating: 5, comment: COMMENT });
    expect(await ratingOf(cap.id)).toEqual({ average: 4.5, count: 2 });

    const listed = await env.caller().reviews.list({ product_id: cap.id });
    expect(listed.map((r) => r.rating).sort()).toEqual([4, 5]);
    for (const part of ['amina.', 'example.com', '***', '@']) {
      expect(
        JSON.stringify([review, listed, await env.caller().reviews.list({ vendor_id: kano.shop.id })]),
      ).not.toContain(part);
    }
    const product = await env.caller().catalogue.get({ id: cap.id });
    expect(product).toMatchObject({ rating: 4.5, total_reviews: 2 });
    // The catalogue's list of ratings (products.review_ratings), oldest first, kept with the other columns.
    expect(product.reviews).toEqual([{ rating: 4 }, { rating: 5 }]);
    const page = await env.caller().catalogue.list({ vendor_id: kano.shop.id, per_page: 100 });
    expect(page.data.find((listed) => listed.id === cap.id)?.reviews).toEqual([{ rating: 4 }, { rating: 5 }]);
  });

  it.each([
    ['pending', 'pending'],
    ['shipped', 'shipped'],
    ['cancelled', 'cancelled'],
  ] as const)('refuses a cap whose order is only %s, and changes nothing', async (_label, status) => {
    const amina = await customer();
    await placeOrder(fresh(), amina.id, zanna, status);
    const [before, rating] = [await reviewCount(), await ratingOf(zanna.id)];
    const failure = await failureOf(
      env.caller(amina.token).reviews.create({ product_id: zanna.id, rating: 5, comment: COMMENT }),
    );
    expect(failure).toMatchObject({ code: 'FORBIDDEN', message: REVIEW_TEXT.notDelivered });
    expect(await reviewCount()).toBe(before);
    expect(await ratingOf(zanna.id)).toEqual(rating);
  });

  it("refuses a cap delivered to someone else, or another cap of the customer's delivered order", async () => {
    const amina = await customer();
    const bola = await customer();
    await placeOrder(fresh(), bola.id, zanna);
    await placeOrder(fresh(), amina.id, fila);
    const before = await reviewCount();
    const failure = await failureOf(
      env.caller(amina.token).reviews.create({ product_id: zanna.id, rating: 5, comment: COMMENT }),
    );
    expect(failure).toMatchObject({ code: 'FORBIDDEN', message: REVIEW_TEXT.notDelivered });
    expect(await reviewCount()).toBe(before);
  });

  it('takes one review per customer and cap: the second is a conflict and changes nothing', async () => {
    const amina = await customer();
    await placeOrder(fresh(), amina.id, zanna);
    // Two deliveries of the same cap still make one review.
    await placeOrder(fresh(), amina.id, zanna);
    await env.caller(amina.token).reviews.create({ product_id: zanna.id, rating: 2, comment: COMMENT });
    const [before, rating] = [await reviewCount(), await ratingOf(zanna.id)];
    const failure = await failureOf(
      env.caller(amina.token).reviews.create({ product_id: zanna.id, rating: 5, comment: 'Changed my mind, great.' }),
    );
    expect(failure).toMatchObject({ code: 'CONFLICT', message: REVIEW_TEXT.alreadyReviewed });
    expect(await reviewCount()).toBe(before);
    expect(await ratingOf(zanna.id)).toEqual(rating);
  });

  it('writes one review when the same customer sends two at once, and a rating counted over all', async () => {
    const em = fresh();
    const cap = await makeProduct(em, await em.findOneOrFail(VendorSchema, { id: lagos.shop.id }));
    const amina = await customer();
    await placeOrder(em, amina.id, cap);
    const results = await Promise.allSettled([
      env.caller(amina.token).reviews.create({ product_id: cap.id, rating: 5, comment: COMMENT }),
      env.caller(amina.token).reviews.create({ product_id: cap.id, rating: 1, comment: COMMENT }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect((rejected as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT' });
    expect(await fresh().count(ReviewSchema, { product: cap.id })).toBe(1);

    const others = await Promise.all([1, 2, 3, 4].map(() => customer()));
    for (const other of others) await placeOrder(em, other.id, cap);
    await Promise.all(
      others.map((other, i) =>
        env.caller(other.token).reviews.create({ product_id: cap.id, rating: i + 1, comment: COMMENT }),
      ),
    );
    const stored = await fresh().find(ReviewSchema, { product: cap.id });
    const expected = stored.reduce((sum, r) => sum + r.rating, 0) / stored.length;
    const rating = await ratingOf(cap.id);
    expect(rating.count).toBe(5);
    expect(rating.average).toBeCloseTo(expected, 5);
  });

  it('answers 404 for an unknown cap and changes nothing', async () => {
    const amina = await customer();
    const before = await reviewCount();
    const failure = await failureOf(
      env.caller(amina.token).reviews.create({ product_id: 999_999, rating: 5, comment: COMMENT }),
    );
    expect(failure).toMatchObject({ code: 'NOT_FOUND', message: REVIEW_TEXT.productNotFound });
    expect(await reviewCount()).toBe(before);
  });
});

describe('reviews.create input', () => {
  let amina: Account;
  beforeAll(async () => {
    amina = await customer();
    await placeOrder(fresh(), amina.id, fila);
  });

  it.each([
    ['rating 0', { rating: 0 }, 'rating', VALIDATION_MESSAGES.rating],
    ['rating 6', { rating: 6 }, 'rating', VALIDATION_MESSAGES.rating],
    ['rating 2.5', { rating: 2.5 }, 'rating', VALIDATION_MESSAGES.rating],
    ['rating "x"', { rating: 'x' }, 'rating', VALIDATION_MESSAGES.rating],
    ['rating true', { rating: true }, 'rating', VALIDATION_MESSAGES.rating],
    ['no rating', { rating: undefined }, 'rating', VALIDATION_MESSAGES.rating],
    ['a comment of spaces', { comment: '          ' }, 'comment', VALIDATION_MESSAGES.required],
    ['a comment of 9 characters', { comment: 'Good cap!' }, 'comment', VALIDATION_MESSAGES.minLength(10)],
    ['a comment of 501 characters', { comment: 'x'.repeat(501) }, 'comment', VALIDATION_MESSAGES.maxLength(500)],
    ['no comment', { comment: undefined }, 'comment', VALIDATION_MESSAGES.required],
    ['both product_id and vendor_id', { vendor_id: 1 }, '_', REVIEW_TEXT.oneTarget],
    ['neither product_id nor vendor_id', { product_id: undefined }, '_', REVIEW_TEXT.oneTarget],
    ['product_id 1.5', { product_id: 1.5 }, 'product_id', 'product_id must be a whole number'],
    ['product_id true', { product_id: true }, 'product_id', 'product_id must be a whole number'],
    ['an unknown field', { user_id: 1 }, 'user_id', "The field 'user_id' is not allowed."],
  ])('refuses %s and changes nothing', async (_label, overrides, field, message) => {
    const before = await reviewCount();
    const rating = await ratingOf(fila.id);
    const input = { product_id: fila.id, rating: 5, comment: COMMENT, ...overrides };
    const failure = await failureOf(env.caller(amina.token).reviews.create(input as never));
    expect(failure.code).toBe('BAD_REQUEST');
    expect(failure.fields[field]).toContain(message);
    expect(await reviewCount()).toBe(before);
    expect(await ratingOf(fila.id)).toEqual(rating);
  });

  it('takes a comment of exactly 10 and 500 characters, and a numeric rating sent as text', async () => {
    const em = fresh();
    const shop = await em.findOneOrFail(VendorSchema, { id: lagos.shop.id });
    for (const comment of ['x'.repeat(10), 'y'.repeat(500)]) {
      const cap = await makeProduct(em, shop);
      await placeOrder(em, amina.id, cap);
      const review = await env.caller(amina.token).reviews.create({ product_id: cap.id, rating: '3', comment });
      expect(review).toMatchObject({ rating: 3, comment });
    }
  });
});

describe('reviews.create of a shop', () => {
  it('needs a delivered order from that shop, takes one review, and leaves cap ratings alone', async () => {
    const amina = await customer();
    await placeOrder(fresh(), amina.id, fila); // Lagos delivered, Kano not.
    await placeOrder(fresh(), amina.id, zanna, 'shipped');
    const before = await reviewCount();
    const refused = await failureOf(
      env.caller(amina.token).reviews.create({ vendor_id: kano.shop.id, rating: 4, comment: COMMENT }),
    );
    expect(refused).toMatchObject({ code: 'FORBIDDEN', message: REVIEW_TEXT.shopNotDelivered });
    expect(await reviewCount()).toBe(before);

    // A review of one of the shop's caps is not a review of the shop: both may be written.
    await env.caller(amina.token).reviews.create({ product_id: fila.id, rating: 2, comment: COMMENT });
    const filaRating = await ratingOf(fila.id);
    const review = await env
      .caller(amina.token)
      .reviews.create({ vendor_id: lagos.shop.id, rating: 5, comment: COMMENT });
    expect(review).toMatchObject({ product_id: null, vendor_id: lagos.shop.id, rating: 5, verified_purchase: true });
    expect(await ratingOf(fila.id)).toEqual(filaRating);

    const again = await failureOf(
      env.caller(amina.token).reviews.create({ vendor_id: lagos.shop.id, rating: 1, comment: COMMENT }),
    );
    expect(again).toMatchObject({ code: 'CONFLICT', message: REVIEW_TEXT.shopAlreadyReviewed });
    expect(await fresh().count(ReviewSchema, { user: amina.id, vendor: lagos.shop.id, product: null })).toBe(1);

    const shop = await env.caller().vendors.get({ id: lagos.shop.id });
    expect(shop.total_reviews).toBeGreaterThanOrEqual(2);
  });

  it('answers 404 for an unknown shop and changes nothing', async () => {
    const amina = await customer();
    const before = await reviewCount();
    const failure = await failureOf(
      env.caller(amina.token).reviews.create({ vendor_id: 999_999, rating: 5, comment: COMMENT }),
    );
    expect(failure).toMatchObject({ code: 'NOT_FOUND', message: REVIEW_TEXT.shopNotFound });
    expect(await reviewCount()).toBe(before);
  });
});

describe('reviews: who may write and read', () => {
  it('takes reviews from customers only', async () => {
    const before = await reviewCount();
    const input = { product_id: zanna.id, rating: 5, comment: COMMENT };
    expect((await failureOf(env.caller().reviews.create(input))).code).toBe('UNAUTHORIZED');
    expect((await failureOf(env.caller('not-a-token').reviews.create(input))).code).toBe('UNAUTHORIZED');
    expect((await failureOf(env.caller(kano.token).reviews.create(input))).code).toBe('FORBIDDEN');
    expect((await failureOf(env.caller(admin.token).reviews.create(input))).code).toBe('FORBIDDEN');
    expect(await reviewCount()).toBe(before);
  });

  it("reviews.mine lists the caller's own reviews only, newest first", async () => {
    const amina = await customer();
    const bola = await customer();
    await placeOrder(fresh(), amina.id, zanna);
    await placeOrder(fresh(), amina.id, fila);
    await placeOrder(fresh(), bola.id, zanna);
    await env.caller(amina.token).reviews.create({ product_id: zanna.id, rating: 3, comment: COMMENT });
    await env.caller(amina.token).reviews.create({ product_id: fila.id, rating: 4, comment: COMMENT });
    await env.caller(bola.token).reviews.create({ product_id: zanna.id, rating: 5, comment: COMMENT });
    const mine = await env.caller(amina.token).reviews.mine();
    expect(mine.map((r) => r.product_id)).toEqual([fila.id, zanna.id]);
    expect(mine.every((r) => r.user_id === amina.id)).toBe(true);
    expect(JSON.stringify(mine)).not.toContain('@');
    expect((await failureOf(env.caller().reviews.mine())).code).toBe('UNAUTHORIZED');
  });
});

describe('reports', () => {
  const DESCRIPTION = 'The cap I received was not the one in the pictures.';

  it('takes a report of a listed shop and shows it to that shop and to admins, newest first', async () => {
    const amina = await customer();
    const report = await env
      .caller(amina.token)
      .reports.create({ vendor_id: kano.shop.id, reason: 'Fake products', description: `  ${DESCRIPTION}  ` });
    expect(report).toMatchObject({
      vendor_id: kano.shop.id,
      reason: 'Fake products',
      description: DESCRIPTION,
      status: 'pending',
      reporter: { id: amina.id, full_name: 'Amina Bello' },
    });
    expect(new Date(report.created_at).getTime()).not.toBeNaN();
    const bola = await customer();
    const later = await env
      .caller(bola.token)
      .reports.create({ vendor_id: kano.shop.id, reason: 'Scam/Fraud', description: DESCRIPTION });

    const own = await env.caller(kano.token).reports.forVendor({ vendor_id: kano.shop.id });
    expect(own.slice(0, 2).map((r) => r.id)).toEqual([later.id, report.id]);
    // The shop learns what was reported, never who reported it (issue 10, finding 8).
    expect(own[1]).toEqual({
      id: report.id,
      vendor_id: kano.shop.id,
      reason: 'Fake products',
      description: DESCRIPTION,
      status: 'pending',
      created_at: report.created_at,
    });
    for (const shown of own) expect(shown).not.toHaveProperty('reporter');
    expect(JSON.stringify(own)).not.toContain('Amina');
    const asAdmin = await env.caller(admin.token).reports.forVendor({ vendor_id: kano.shop.id });
    expect(asAdmin.map((r) => r.id)).toEqual(own.map((r) => r.id));
    expect(asAdmin[1]?.reporter).toEqual({ id: amina.id, full_name: 'Amina Bello' });
    expect(await env.caller(lagos.token).reports.forVendor({ vendor_id: lagos.shop.id })).not.toContainEqual(
      expect.objectContaining({ id: report.id }),
    );
  });

  it("refuses another vendor, a customer and a stranger reading a shop's reports", async () => {
    const amina = await customer();
    const read = (token?: string) => env.caller(token).reports.forVendor({ vendor_id: kano.shop.id });
    expect(await failureOf(read(lagos.token))).toMatchObject({ code: 'FORBIDDEN', message: ERROR_MESSAGES.forbidden });
    expect((await failureOf(read(amina.token))).code).toBe('FORBIDDEN');
    expect((await failureOf(read())).code).toBe('UNAUTHORIZED');
    const unknown = await failureOf(env.caller(admin.token).reports.forVendor({ vendor_id: 999_999 }));
    expect(unknown).toMatchObject({ code: 'NOT_FOUND', message: REPORT_TEXT.shopNotFound });
  });

  it.each([
    ['an unknown reason', { reason: 'Rude' }, 'reason', REPORT_TEXT.reason],
    ['no reason', { reason: undefined }, 'reason', REPORT_TEXT.reason],
    ['a blank description', { description: '            ' }, 'description', VALIDATION_MESSAGES.required],
    [
      'a description of 1001 characters',
      { description: 'x'.repeat(1001) },
      'description',
      VALIDATION_MESSAGES.maxLength(1000),
    ],
    ['vendor_id "abc"', { vendor_id: 'abc' }, 'vendor_id', 'vendor_id must be a whole number'],
  ])('refuses %s and stores nothing', async (_label, overrides, field, message) => {
    const amina = await customer();
    const before = await reportCount();
    const input = { vendor_id: lagos.shop.id, reason: 'Poor quality', description: DESCRIPTION, ...overrides };
    const failure = await failureOf(env.caller(amina.token).reports.create(input as never));
    expect(failure.code).toBe('BAD_REQUEST');
    expect(failure.fields[field]).toContain(message);
    expect(await reportCount()).toBe(before);
  });

  it('takes a short description: spec 5 asks only that the details are not blank', async () => {
    const amina = await customer();
    const report = await env.caller(amina.token).reports.create({
      vendor_id: lagos.shop.id,
      reason: 'Other',
      description: '  Rude ',
    });
    expect(report).toMatchObject({ vendor_id: lagos.shop.id, reason: 'Other', description: 'Rude', status: 'pending' });
  });

  it('answers 404 for an unknown, unverified or suspended shop', async () => {
    const amina = await customer();
    const em = fresh();
    const unverified = await makeVendor(em, { verified: false });
    const suspended = await makeVendor(em, { suspended: true });
    const before = await reportCount();
    for (const vendorId of [999_999, unverified.id, suspended.id]) {
      const failure = await failureOf(
        env.caller(amina.token).reports.create({ vendor_id: vendorId, reason: 'Other', description: DESCRIPTION }),
      );
      expect(failure).toMatchObject({ code: 'NOT_FOUND', message: REPORT_TEXT.shopNotFound });
    }
    expect(await reportCount()).toBe(before);
  });

  it('keeps one open report per customer and shop, and takes a new one once the first is resolved', async () => {
    const amina = await customer();
    const report = (reason: 'Poor quality' | 'Other') =>
      env.caller(amina.token).reports.create({ vendor_id: lagos.shop.id, reason, description: DESCRIPTION });
    const first = await report('Poor quality');
    const before = await reportCount();
    expect(await failureOf(report('Other'))).toMatchObject({ code: 'CONFLICT', message: REPORT_TEXT.alreadyReported });

    await env.caller(admin.token).reports.setStatus({ id: first.id, status: 'reviewed' });
    expect((await failureOf(report('Other'))).code).toBe('CONFLICT');
    expect(await reportCount()).toBe(before);

    const resolved = await env.caller(admin.token).reports.setStatus({ id: first.id, status: 'resolved' });
    expect(resolved).toMatchObject({ id: first.id, status: 'resolved', reporter: { id: amina.id } });
    const second = await report('Other');
    expect(second).toMatchObject({ status: 'pending', reason: 'Other' });
    expect(await reportCount()).toBe(before + 1);
    // Another shop is another matter.
    await env
      .caller(amina.token)
      .reports.create({ vendor_id: kano.shop.id, reason: 'Other', description: DESCRIPTION });
  });

  it('stores one report when the same customer sends two at once', async () => {
    const amina = await customer();
    const send = () =>
      env.caller(amina.token).reports.create({ vendor_id: lagos.shop.id, reason: 'Other', description: DESCRIPTION });
    const results = await Promise.allSettled([send(), send(), send()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await fresh().count(ReportSchema, { reporter: amina.id, vendor: lagos.shop.id })).toBe(1);
  });

  it('takes reports from customers only', async () => {
    const before = await reportCount();
    const input = { vendor_id: lagos.shop.id, reason: 'Other' as const, description: DESCRIPTION };
    expect((await failureOf(env.caller().reports.create(input))).code).toBe('UNAUTHORIZED');
    expect((await failureOf(env.caller(kano.token).reports.create(input))).code).toBe('FORBIDDEN');
    expect((await failureOf(env.caller(admin.token).reports.create(input))).code).toBe('FORBIDDEN');
    expect(await reportCount()).toBe(before);
  });

  it('lets admins alone set a status, refusing unknown reports and statuses without a change', async () => {
    const amina = await customer();
    const report = await env
      .caller(amina.token)
      .reports.create({ vendor_id: kano.shop.id, reason: 'Poor customer service', description: DESCRIPTION });
    const statusOf = async () => (await fresh().findOneOrFail(ReportSchema, { id: report.id })).status;
    for (const token of [amina.token, kano.token]) {
      const failure = await failureOf(env.caller(token).reports.setStatus({ id: report.id, status: 'resolved' }));
      expect(failure.code).toBe('FORBIDDEN');
    }
    const bad = await failureOf(
      env.caller(admin.token).reports.setStatus({ id: report.id, status: 'closed' as 'resolved' }),
    );
    expect(bad.code).toBe('BAD_REQUEST');
    expect(bad.fields.status).toContain(REPORT_TEXT.status);
    const missing = await failureOf(env.caller(admin.token).reports.setStatus({ id: 999_999, status: 'resolved' }));
    expect(missing).toMatchObject({ code: 'NOT_FOUND', message: REPORT_TEXT.notFound });
    expect(await statusOf()).toBe('pending');

    const reviewed = await env.caller(admin.token).reports.setStatus({ id: report.id, status: 'reviewed' });
    expect(reviewed).toMatchObject({ id: report.id, status: 'reviewed', vendor_id: kano.shop.id });
    expect(await statusOf()).toBe('reviewed');
  });
});
