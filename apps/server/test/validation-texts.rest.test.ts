import type { Em } from '@caps/api/testing';
import { makeProduct, makeUser, makeVendor, sessionTokenFor, UserSchema } from '@caps/api/testing';
import { VALIDATION_MESSAGES as V } from '@caps/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createRestTestEnv, type RestTestEnv } from './harness.js';

/**
 * An outside audit of the REST face (session 11): refusals whose message was zod's own English ("Too big:
 * expected string to have <=64 characters", "Invalid input") or named the wrong problem ("quantity must be
 * a whole number" for a quantity not sent), a sort list naming two keys twice, the account form's texts
 * missing from PUT /profile, JSON sent as text/plain read as "not a JSON object", and a pending shop told
 * about caps when it made a coupon. Spec 5's generic messages are the product's words for all of these.
 */

let env: RestTestEnv;
let customer: string;
let customerId: number;
let vendor: string;
let pending: string;
let capId: number;

const fresh = () => env.services.orm.em.fork() as Em;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const send = (method: Method, url: string, token?: string, payload?: object) =>
  env.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

/** Status, message and field errors of a refusal. */
const refusal = async (method: Method, url: string, token?: string, payload?: object) => {
  const response = await send(method, url, token, payload);
  const body = response.json();
  return { status: response.statusCode, message: body.message, errors: body.errors };
};

beforeAll(async () => {
  env = await createRestTestEnv();
  const em = fresh();
  const user = await makeUser(em, {
    fullName: 'Amina Bello',
    phone: '+2348031234567',
    address: '12 Baga Road, Maiduguri',
  });
  customerId = user.id;
  customer = await sessionTokenFor(env.services, user.id);
  const shop = await makeVendor(em);
  vendor = await sessionTokenFor(env.services, shop.user.id);
  capId = (await makeProduct(em, shop)).id;
  pending = await sessionTokenFor(env.services, (await makeVendor(em, { verified: false })).user.id);
});
afterAll(async () => env?.close());

describe("spec 5's generic messages where a field has no message of its own", () => {
  it('a text over its length: Maximum length is N characters', async () => {
    const reference = 'x'.repeat(65);
    expect(await refusal('GET', `/api/payment/verify?reference=${reference}`, customer)).toMatchObject({
      status: 422,
      message: V.maxLength(64),
      errors: { reference: [V.maxLength(64)] },
    });
  });

  it('a field not sent: This field is required; a value of the wrong kind: Invalid format', async () => {
    expect(await refusal('POST', '/api/vendor/returns/1/received', vendor, {})).toMatchObject({
      status: 422,
      message: V.required,
      errors: { restock: [V.required] },
    });
    expect(await refusal('POST', '/api/vendor/returns/1/received', vendor, { restock: 'maybe' })).toMatchObject({
      status: 422,
      message: V.invalidFormat,
      errors: { restock: [V.invalidFormat] },
    });
  });

  it('a whole number not sent is required, not "must be a whole number"', async () => {
    for (const [method, url] of [
      ['PUT', '/api/cart/5'],
      ['POST', '/api/payment/initiate'],
      ['POST', '/api/wishlist'],
    ] as const) {
      expect({ url, ...(await refusal(method, url, customer, {})) }).toMatchObject({
        url,
        status: 422,
        message: V.required,
      });
    }
    // Sent, and no whole number: the field's own message as before.
    expect((await refusal('PUT', '/api/cart/5', customer, { quantity: 1.5 })).message).toBe(
      'quantity must be a whole number',
    );
  });
});

describe('texts of their own', () => {
  it("a return request's reason not picked and details too short, in spec 5's words", async () => {
    const body = { items: [{ order_item_id: 1, quantity: 1 }], reason: '', details: 'Torn' };
    expect(await refusal('POST', '/api/orders/1/returns', customer, body)).toMatchObject({
      status: 422,
      message: V.required,
      errors: { reason: [V.required], details: [V.minLength(10)] },
    });
    // Empty details: required first (what a form shows under the field), then the length it falls short of.
    const empty = await refusal('POST', '/api/orders/1/returns', customer, { ...body, reason: 'damaged', details: '' });
    expect(empty).toMatchObject({ status: 422, message: V.required });
    expect(empty.errors.details[0]).toBe(V.required);
  });

  it('an id field of a form left empty is required', async () => {
    expect((await refusal('PUT', '/api/cart/5', customer, { quantity: '' })).message).toBe(V.required);
  });

  it('a size that is not text is Invalid format on that size, not "At least one size is required"', async () => {
    expect(await refusal('PUT', `/api/products/${capId}`, vendor, { sizes: [56, { a: 1 }] })).toMatchObject({
      status: 422,
      message: V.invalidFormat,
      errors: { 'sizes.1': [V.invalidFormat] },
    });
    expect((await refusal('PUT', `/api/products/${capId}`, vendor, { sizes: [] })).message).toBe(V.sizesRequired);
  });

  it('an unknown sort names each choice once', async () => {
    const { status, message } = await refusal('GET', '/api/products?sort=bogus');
    expect(status).toBe(422);
    const choices = String(message).replace('sort must be one of: ', '').split(', ');
    expect(choices).toEqual([...new Set(choices)]);
    expect(choices).toEqual(expect.arrayContaining(['newest', 'price-low', 'price-high', 'rating', 'name']));
  });

  it("PUT /profile with a personal field emptied answers the account form's message and keeps the value", async () => {
    const cases = [
      ['full_name', V.fullNameRequired],
      ['phone', V.phoneRequired],
      ['address', V.addressRequired],
    ] as const;
    for (const [field, message] of cases) {
      for (const value of ['', '   ']) {
        expect({ field, value, ...(await refusal('PUT', '/api/profile', customer, { [field]: value })) }).toMatchObject(
          { field, value, status: 422, message, errors: { [field]: [message] } },
        );
      }
    }
    const user = await fresh().findOneOrFail(UserSchema, customerId);
    expect([user.fullName, user.phone, user.address]).toEqual([
      'Amina Bello',
      '+2348031234567',
      '12 Baga Road, Maiduguri',
    ]);
  });

  it('JSON sent as text/plain is refused as the wrong content type (415), as XML is', async () => {
    for (const type of ['text/plain', 'application/xml']) {
      const response = await env.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': type },
        payload: JSON.stringify({ email: 'chidi@capsmarket.ng', password: 'Customer123!' }),
      });
      expect({ type, status: response.statusCode, message: response.json().message }).toEqual({
        type,
        status: 415,
        message: 'Send JSON (application/json) or multipart/form-data.',
      });
    }
  });

  it('a pending shop making a coupon is told about what it tried, not only about caps', async () => {
    const coupon = { code: 'AUDIT11', discount: 10, usage_limit: 5, expires_at: '2999-12-31' };
    const { status, message } = await refusal('POST', '/api/coupons', pending, coupon);
    expect(status).toBe(403);
    expect(message).toMatch(/pending verification/);
    expect(message).toMatch(/coupons/);
  });
});
