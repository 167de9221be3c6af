import { ContactMessageSchema, makeProduct, makeVendor } from '@caps/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestTestEnv, type RestTestEnv } from './harness.js';

let env: RestTestEnv;
let productId: number;
beforeAll(async () => {
  env = await createRestTestEnv();
  const em = env.services.orm.em.fork();
  const vendor = await makeVendor(em, { shopName: 'Borno Caps' });
  for (let i = 0; i < 15; i++)
    productId = (await makeProduct(em, vendor, { name: `Tagiya ${i}`, priceNaira: 3000 + i * 1000 })).id;
});
afterAll(async () => env?.close());

const get = (url: string) => env.app.inject({ method: 'GET', url });

describe('GET /api/products', () => {
  it('answers the paged list with query-string filters', async () => {
    const response = await get('/api/products?category=Hausa%20Caps&sort=price-high&page=2&per_page=5');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ current_page: 2, last_page: 3, per_page: 5, total: 15 });
    expect(body.data[0]).toMatchObject({ name: 'Tagiya 9', price: 12_000, vendor: { shop_name: 'Borno Caps' } });
  });

  it.each([
    '/api/products?page=0',
    '/api/products?page=-1',
    '/api/products?page=abc',
    '/api/products?per_page=100000',
    '/api/products?sort=cheapest',
    '/api/products?category=Hats',
    `/api/products?search=${'x'.repeat(10_000)}`,
    '/api/products/abc',
    '/api/products/1.5',
  ])('answers 4xx with a message for %s', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(typeof response.json().message).toBe('string');
  });

  it('takes SQL and wildcards in search as plain text', async () => {
    const response = await get(`/api/products?search=${encodeURIComponent("%_' OR 1=1 --")}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().total).toBe(0);
  });

  it('answers one product and 404 for a missing one', async () => {
    expect((await get(`/api/products/${productId}`)).json().name).toBe('Tagiya 14');
    const missing = await get('/api/products/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Product not found');
  });
});

describe('GET /api/vendors and /api/reviews', () => {
  it('answers the shops and a 404 for a missing one', async () => {
    const shops = (await get('/api/vendors')).json();
    expect(shops.map((s: { shop_name: string }) => s.shop_name)).toEqual(['Borno Caps']);
    expect((await get('/api/vendors/424242')).statusCode).toBe(404);
  });

  it('answers reviews and refuses a bad id', async () => {
    expect((await get(`/api/reviews?product_id=${productId}`)).json()).toEqual([]);
    expect((await get('/api/reviews?vendor_id=x')).statusCode).toBe(422);
  });
});

describe('POST /api/contact', () => {
  it('stores a message and answers the spec success text', async () => {
    const response = await env.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Aisha Musa',
        email: 'aisha@example.com',
        subject: 'Bulk order',
        message: 'Do you sell 40 caps for a wedding?',
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe("Message sent successfully! We'll get back to you within 24 hours.");
    const stored = await env.services.orm.em.fork().findOneOrFail(ContactMessageSchema, { id: response.json().id });
    expect(stored).toMatchObject({ name: 'Aisha Musa', subject: 'Bulk order', handledAt: null });
  });

  it("takes the form's Full Name as full_name too", async () => {
    const response = await env.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { full_name: 'Bello Kyari', email: 'bello@example.com', subject: 'Sizes', message: 'Do you have 23?' },
    });
    expect(response.statusCode).toBe(201);
    const stored = await env.services.orm.em.fork().findOneOrFail(ContactMessageSchema, { id: response.json().id });
    expect(stored.name).toBe('Bello Kyari');
  });

  it('refuses a message with a missing field or a bad email, storing nothing', async () => {
    const before = await env.services.orm.em.fork().count(ContactMessageSchema, {});
    for (const payload of [
      { name: 'Aisha', email: 'aisha@example.com', subject: '', message: 'Hello there' },
      { name: 'Aisha', email: 'not-an-email', subject: 'Hi', message: 'Hello there' },
      { email: 'aisha@example.com', subject: 'Hi', message: 'Hello there' },
    ]) {
      const response = await env.app.inject({ method: 'POST', url: '/api/contact', payload });
      expect(response.statusCode).toBe(422);
      expect(typeof response.json().message).toBe('string');
    }
    expect(await env.services.orm.em.fork().count(ContactMessageSchema, {})).toBe(before);
  });
});
