import {
  customerInput,
  makeProduct,
  type Product,
  ProductSchema,
  placeOrder,
  ReportSchema,
  ReviewSchema,
  UserSchema,
  VendorSchema,
  vendorInput,
} from '@caps/api/testing';
import { ERROR_MESSAGES, REPORT_TEXT, REVIEW_TEXT, VALIDATION_MESSAGES } from '@caps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createRestTestEnv, type RestTestEnv } from './harness.js';

let env: RestTestEnv;
const fresh = () => env.services.orm.em.fork();

interface Account {
  id: number;
  token: string;
}

async function register(payload: Record<string, unknown>): Promise<Account> {
  const response = await env.app.inject({ method: 'POST', url: '/api/register', payload });
  expect(response.statusCode).toBe(201);
  const body = response.json();
  return { id: body.user.id, token: body.token };
}

/** A vendor who can sign in, with a verified shop. */
async function vendorAccount(shopName: string): Promise<Account & { shopId: number }> {
  const account = await register(vendorInput({ shop_name: shopName }));
  const em = fresh();
  const shop = await em.findOneOrFail(VendorSchema, { user: account.id });
  shop.verifiedAt = new Date();
  await em.flush();
  return { ...account, shopId: shop.id };
}

const COMMENT = 'Lovely embroidery, fits well and arrived on time.';
const DESCRIPTION = 'The cap I received was not the one in the pictures.';
const reviewCount = () => fresh().count(ReviewSchema, {});
const reportCount = () => fresh().count(ReportSchema, {});

const send = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  env.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

let kano: Account & { shopId: number };
let lagos: Account & { shopId: number };
let admin: Account;
let amina: Account;
let cap: Product;
beforeAll(async () => {
  env = await createRestTestEnv();
  kano = await vendorAccount('Kano Hula House');
  lagos = await vendorAccount('Lagos Fila Studio');
  admin = await register(customerInput());
  await fresh().nativeUpdate(UserSchema, { id: admin.id }, { role: 'admin' });
  amina = await register(customerInput());
  const em = fresh();
  cap = await makeProduct(em, await em.findOneOrFail(VendorSchema, { id: kano.shopId }), { name: 'Zanna Bukar' });
});
afterAll(async () => env?.close());

describe('POST /api/reviews', () => {
  it('answers 201 with the review of a delivered cap and updates its rating', async () => {
    const bola = await register(customerInput({ full_name: 'Bola Ade' }));
    await placeOrder(fresh(), bola.id, cap);
    const response = await send('POST', '/api/reviews', bola.token, {
      product_id: cap.id,
      rating: 5,
      comment: COMMENT,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      user_id: bola.id,
      user: { full_name: 'Bola Ade' },
      product_id: cap.id,
      vendor_id: kano.shopId,
      rating: 5,
      comment: COMMENT,
      verified_purchase: true,
    });
    const product = await fresh().findOneOrFail(ProductSchema, { id: cap.id });
    expect([product.ratingAverage, product.ratingCount]).toEqual([5, 1]);
    const listed = (await send('GET', `/api/reviews?product_id=${cap.id}`)).json();
    expect(listed).toHaveLength(1);
    expect((await send('GET', `/api/products/${cap.id}`)).json()).toMatchObject({ rating: 5, total_reviews: 1 });

    const again = await send('POST', '/api/reviews', bola.token, { product_id: cap.id, rating: 1, comment: COMMENT });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REVIEW_TEXT.alreadyReviewed);
    expect(await fresh().count(ReviewSchema, { product: cap.id })).toBe(1);
  });

  it('accepts a shop review sent by a form with the unused id as null, and numbers as text', async () => {
    const bola = await register(customerInput());
    await placeOrder(fresh(), bola.id, cap);
    const response = await send('POST', '/api/reviews', bola.token, {
      vendor_id: String(kano.shopId),
      product_id: null,
      rating: '4',
      comment: COMMENT,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ vendor_id: kano.shopId, product_id: null, rating: 4 });
  });

  it.each(['pending', 'shipped', 'cancelled'] as const)('answers 403 for a cap whose order is %s', async (status) => {
    const bola = await register(customerInput());
    await placeOrder(fresh(), bola.id, cap, status);
    const before = await reviewCount();
    const response = await send('POST', '/api/reviews', bola.token, {
      product_id: cap.id,
      rating: 5,
      comment: COMMENT,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: REVIEW_TEXT.notDelivered, error: 'Forbidden' });
    expect(await reviewCount()).toBe(before);
  });

  it('answers 403 for a cap delivered to another customer, and for a shop that never delivered', async () => {
    const other = await register(customerInput());
    await placeOrder(fresh(), other.id, cap);
    const before = await reviewCount();
    const product = await send('POST', '/api/reviews', amina.token, {
      product_id: cap.id,
      rating: 5,
      comment: COMMENT,
    });
    expect(product.statusCode).toBe(403);
    const shop = await send('POST', '/api/reviews', amina.token, {
      vendor_id: lagos.shopId,
      rating: 5,
      comment: COMMENT,
    });
    expect(shop.statusCode).toBe(403);
    expect(shop.json().message).toBe(REVIEW_TEXT.shopNotDelivered);
    expect(await reviewCount()).toBe(before);
  });

  it('answers 404 for an unknown cap or shop', async () => {
    const before = await reviewCount();
    const product = await send('POST', '/api/reviews', amina.token, {
      product_id: 999_999,
      rating: 5,
      comment: COMMENT,
    });
    expect(product.statusCode).toBe(404);
    expect(product.json().message).toBe(REVIEW_TEXT.productNotFound);
    const shop = await send('POST', '/api/reviews', amina.token, { vendor_id: 999_999, rating: 5, comment: COMMENT });
    expect(shop.statusCode).toBe(404);
    expect(await reviewCount()).toBe(before);
  });

  it.each([
    ['rating 0', { rating: 0 }, 'rating', VALIDATION_MESSAGES.rating],
    ['rating 6', { rating: 6 }, 'rating', VALIDATION_MESSAGES.rating],
    ['rating 2.5', { rating: 2.5 }, 'rating', VALIDATION_MESSAGES.rating],
    ['rating "x"', { rating: 'x' }, 'rating', VALIDATION_MESSAGES.rating],
    ['a comment of spaces', { comment: '            ' }, 'comment', VALIDATION_MESSAGES.required],
    ['a comment of 9 characters', { comment: 'Good cap!' }, 'comment', VALIDATION_MESSAGES.minLength(10)],
    ['a comment of 501 characters', { comment: 'x'.repeat(501) }, 'comment', VALIDATION_MESSAGES.maxLength(500)],
    ['both ids', { vendor_id: 1 }, '_', REVIEW_TEXT.oneTarget],
    ['neither id', { product_id: undefined }, '_', REVIEW_TEXT.oneTarget],
    ['product_id "abc"', { product_id: 'abc' }, 'product_id', 'product_id must be a whole number'],
  ])('answers 422 for %s and stores nothing', async (_label, overrides, field, message) => {
    await placeOrder(fresh(), amina.id, cap);
    const before = await reviewCount();
    const response = await send('POST', '/api/reviews', amina.token, {
      product_id: cap.id,
      rating: 5,
      comment: COMMENT,
      ...overrides,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toContain(message);
    expect(typeof response.json().message).toBe('string');
    expect(await reviewCount()).toBe(before);
  });

  it('answers 401 without a token and 403 for vendors and admins', async () => {
    const before = await reviewCount();
    const payload = { product_id: cap.id, rating: 5, comment: COMMENT };
    const anonymous = await send('POST', '/api/reviews', undefined, payload);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(ERROR_MESSAGES.unauthenticated);
    expect((await send('POST', '/api/reviews', kano.token, payload)).statusCode).toBe(403);
    expect((await send('POST', '/api/reviews', admin.token, payload)).statusCode).toBe(403);
    expect(await reviewCount()).toBe(before);
  });
});

describe('the public reviews', () => {
  it("never carry any part of the reviewer's email, only the name (issue 25)", async () => {
    const email = `sadiya.reviewer${Date.now()}@probe.test`;
    const sadiya = await register(customerInput({ full_name: 'Sadiya Umar', email }));
    const em = fresh();
    const reviewed = await makeProduct(em, await em.findOneOrFail(VendorSchema, { id: lagos.shopId }));
    await placeOrder(fresh(), sadiya.id, reviewed);
    const answers = [
      await send('POST', '/api/reviews', sadiya.token, { product_id: reviewed.id, rating: 4, comment: COMMENT }),
      await send('POST', '/api/reviews', sadiya.token, { vendor_id: lagos.shopId, rating: 5, comment: COMMENT }),
      await send('GET', `/api/reviews?product_id=${reviewed.id}`),
      await send('GET', `/api/reviews?vendor_id=${lagos.shopId}`),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 200, 200]);
    expect(answers[0]?.json().user).toEqual({ full_name: 'Sadiya Umar', email: '' });
    expect(answers[3]?.json()).toHaveLength(2);
    const [local = '', domain = ''] = email.split('@');
    for (const answer of answers) {
      for (const part of [local, domain, `${local.slice(0, 1)}***`, '@']) expect(answer.body).not.toContain(part);
    }
  });
});

describe('reports over HTTP', () => {
  it('POST /api/reports answers 201 with the report; a second open one is 409 until it is resolved', async () => {
    const bola = await register(customerInput({ full_name: 'Bola Ade' }));
    const payload = { vendor_id: lagos.shopId, reason: 'Misleading information', description: DESCRIPTION };
    const created = await send('POST', '/api/reports', bola.token, payload);
    expect(created.statusCode).toBe(201);
    const report = created.json();
    expect(report).toMatchObject({
      vendor_id: lagos.shopId,
      reason: 'Misleading information',
      description: DESCRIPTION,
      status: 'pending',
      reporter: { id: bola.id, full_name: 'Bola Ade' },
    });
    expect(Object.keys(report).sort()).toEqual(
      ['created_at', 'description', 'id', 'reason', 'reporter', 'status', 'vendor_id'].sort(),
    );

    const before = await reportCount();
    const duplicate = await send('POST', '/api/reports', bola.token, { ...payload, reason: 'Other' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(REPORT_TEXT.alreadyReported);
    expect(await reportCount()).toBe(before);

    const resolved = await send('PUT', `/api/reports/${report.id}/status`, admin.token, { status: 'resolved' });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ id: report.id, status: 'resolved' });
    expect((await send('POST', '/api/reports', bola.token, payload)).statusCode).toBe(201);
  });

  it.each([
    ['an unknown reason', { reason: 'Rude' }, 'reason', REPORT_TEXT.reason],
    ['a blank description', { description: '             ' }, 'description', VALIDATION_MESSAGES.required],
    [
      'a description of 1001 characters',
      { description: 'x'.repeat(1001) },
      'description',
      VALIDATION_MESSAGES.maxLength(1000),
    ],
  ])('POST /api/reports answers 422 for %s and stores nothing', async (_label, overrides, field, message) => {
    const before = await reportCount();
    const response = await send('POST', '/api/reports', amina.token, {
      vendor_id: kano.shopId,
      reason: 'Poor quality',
      description: DESCRIPTION,
      ...overrides,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toContain(message);
    expect(await reportCount()).toBe(before);
  });

  it('POST /api/reports answers 404 for an unknown shop, 401 without a token and 403 for a vendor', async () => {
    const before = await reportCount();
    const payload = { vendor_id: kano.shopId, reason: 'Other', description: DESCRIPTION };
    const unknown = await send('POST', '/api/reports', amina.token, { ...payload, vendor_id: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(REPORT_TEXT.shopNotFound);
    expect((await send('POST', '/api/reports', undefined, payload)).statusCode).toBe(401);
    expect((await send('POST', '/api/reports', lagos.token, payload)).statusCode).toBe(403);
    expect(await reportCount()).toBe(before);
  });

  it("GET /api/vendors/{id}/reports answers the shop's own vendor and admins, newest first, and no one else", async () => {
    const first = await send('POST', '/api/reports', amina.token, {
      vendor_id: kano.shopId,
      reason: 'Poor quality',
      description: DESCRIPTION,
    });
    const bola = await register(customerInput());
    const second = await send('POST', '/api/reports', bola.token, {
      vendor_id: kano.shopId,
      reason: 'Scam/Fraud',
      description: DESCRIPTION,
    });
    const own = await send('GET', `/api/vendors/${kano.shopId}/reports`, kano.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().map((r: { id: number }) => r.id)).toEqual([second.json().id, first.json().id]);
    // The shop sees reason, details, status and dates, never who reported it (issue 10, finding 8).
    for (const shown of own.json()) {
      expect(Object.keys(shown).sort()).toEqual(['created_at', 'description', 'id', 'reason', 'status', 'vendor_id']);
    }
    expect(own.body).not.toContain('reporter');
    expect(own.body).not.toContain('Amina Bello');
    const asAdmin = await send('GET', `/api/vendors/${kano.shopId}/reports`, admin.token);
    expect(asAdmin.json().map((r: { id: number }) => r.id)).toEqual(own.json().map((r: { id: number }) => r.id));
    expect(asAdmin.json()[0].reporter).toEqual({ id: bola.id, full_name: expect.any(String) });
    expect(asAdmin.json()[1].reporter).toMatchObject({ id: amina.id });

    const otherVendor = await send('GET', `/api/vendors/${kano.shopId}/reports`, lagos.token);
    expect(otherVendor.statusCode).toBe(403);
    expect(otherVendor.json().message).toBe(ERROR_MESSAGES.forbidden);
    expect((await send('GET', `/api/vendors/${kano.shopId}/reports`, amina.token)).statusCode).toBe(403);
    expect((await send('GET', `/api/vendors/${kano.shopId}/reports`)).statusCode).toBe(401);
    expect((await send('GET', '/api/vendors/999999/reports', admin.token)).statusCode).toBe(404);
    expect((await send('GET', '/api/vendors/abc/reports', admin.token)).statusCode).toBe(422);
  });

  it('PUT /api/reports/{id}/status is for admins, with 404 and 422 that change nothing', async () => {
    const bola = await register(customerInput());
    const report = (
      await send('POST', '/api/reports', bola.token, {
        vendor_id: lagos.shopId,
        reason: 'Inappropriate content',
        description: DESCRIPTION,
      })
    ).json();
    const statusOf = async () => (await fresh().findOneOrFail(ReportSchema, { id: report.id })).status;
    const url = `/api/reports/${report.id}/status`;
    expect((await send('PUT', url, undefined, { status: 'resolved' })).statusCode).toBe(401);
    expect((await send('PUT', url, bola.token, { status: 'resolved' })).statusCode).toBe(403);
    expect((await send('PUT', url, lagos.token, { status: 'resolved' })).statusCode).toBe(403);
    const bad = await send('PUT', url, admin.token, { status: 'closed' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.status).toContain(REPORT_TEXT.status);
    const missing = await send('PUT', '/api/reports/999999/status', admin.token, { status: 'resolved' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(REPORT_TEXT.notFound);
    expect(await statusOf()).toBe('pending');

    const reviewed = await send('PUT', url, admin.token, { status: 'reviewed' });
    expect(reviewed.statusCode).toBe(200);
    expect(reviewed.json()).toMatchObject({ id: report.id, status: 'reviewed', vendor_id: lagos.shopId });
    expect(await statusOf()).toBe('reviewed');
  });

  it('documents the four calls in the OpenAPI document', async () => {
    const paths = (await send('GET', '/api/openapi.json')).json().paths;
    expect(paths['/reviews'].post).toBeDefined();
    expect(paths['/reports'].post).toBeDefined();
    expect(paths['/vendors/{id}/reports'].get).toBeDefined();
    expect(paths['/reports/{id}/status'].put).toBeDefined();
  });
});
