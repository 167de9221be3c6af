import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Em } from '../src/db/orm.js';
import { ProductSchema } from '../src/modules/catalogue/catalogue.entities.js';
import { ContactMessageSchema } from '../src/modules/contact/contact.entities.js';
import { OrderSchema } from '../src/modules/orders/orders.entities.js';
import { makeProduct, makeUser, makeVendor } from './fixtures.js';
import { createTestEnv, failureOf, sessionTokenFor, type TestEnv } from './harness.js';

/** The tRPC face of the input hardening (the REST one is apps/server/test/input-hardening.rest.test.ts). */

let env: TestEnv;
let adminToken: string;
let customerToken: string;
let vendorToken: string;
let capId: number;

const fresh = () => env.services.orm.em.fork() as Em;
async function counts() {
  const em = fresh();
  return {
    products: await em.count(ProductSchema, {}),
    contact: await em.count(ContactMessageSchema, {}),
    orders: await em.count(OrderSchema, {}),
  };
}

beforeAll(async () => {
  env = await createTestEnv();
  const em = fresh();
  adminToken = await sessionTokenFor(env.services, (await makeUser(em, { role: 'admin' })).id);
  customerToken = await sessionTokenFor(env.services, (await makeUser(em)).id);
  const shop = await makeVendor(em, { shopName: 'Kano Caps' });
  vendorToken = await sessionTokenFor(env.services, shop.user.id);
  capId = (await makeProduct(em, shop, { sizes: ['57'] })).id;
});
afterAll(async () => env?.close());

describe('tRPC input hardening', () => {
  it('refuses a NUL character in any procedure input with the 422 validation error, changing nothing', async () => {
    const before = await counts();
    const cases: [Promise<unknown>, Record<string, string[]>][] = [
      [env.caller().catalogue.list({ search: 'a\u0000b' }), { search: ['Invalid format'] }],
      [
        env.caller().contact.send({ name: 'Musa', email: 'musa@example.com', subject: 'Hi', message: 'Hel\u0000lo' }),
        { message: ['Invalid format'] },
      ],
      [
        env.caller(customerToken).orders.create({
          shipping_address: '12 Test Street\u0000, Maiduguri',
          items: [{ product_id: capId, quantity: 1, size: '5\u00007' }],
        }),
        { shipping_address: ['Invalid format'], 'items.0.size': ['Invalid format'] },
      ],
      [
        env.caller(vendorToken).vendorProducts.create({
          name: 'Nul Cap',
          description: 'A cap with a NUL in one of its sizes.',
          price: 18500,
          stock: 3,
          category: 'Yoruba Caps',
          sizes: ['S\u0000'],
        }),
        { 'sizes.0': ['Invalid format'] },
      ],
      [env.caller(adminToken).admin.users.list({ search: 'a\u0000b' }), { search: ['Invalid format'] }],
    ];
    for (const [call, fields] of cases) {
      const failure = await failureOf(call);
      expect(failure).toEqual({ code: 'UNPROCESSABLE_CONTENT', message: 'Invalid format', fields });
    }
    expect(await counts()).toEqual(before);
  });

  it.each(['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'])(
    'reports an unknown field named %s as not allowed instead of failing',
    async (name) => {
      const before = await counts();
      // Parsed from JSON text, as a request body is: an own `__proto__` key, not a prototype.
      const input = JSON.parse(
        `{"shipping_address":"12 Test Street, Maiduguri","items":[{"product_id":${capId},"quantity":1,"size":"57"}],"${name}":"x"}`,
      );
      const failure = await failureOf(env.caller(customerToken).orders.create(input));
      expect(failure.code).toBe('BAD_REQUEST');
      expect(failure.fields).toEqual({ [name]: [`The field '${name}' is not allowed.`] });
      const listed = await failureOf(env.caller(adminToken).admin.users.list(JSON.parse(`{"${name}":"1"}`)));
      expect(listed.fields).toEqual({ [name]: [`The field '${name}' is not allowed.`] });
      expect(await counts()).toEqual(before);
    },
  );
});
