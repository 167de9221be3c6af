import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { makeProduct, makeVendor, type Vendor } from '@caps/api/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD } from '../src/plugins/compression.js';
import { createRestTestEnv, type RestTestEnv } from './harness.js';

// Commit 2d22939: a catalogue answer that carries an ETag is turned into UTF-8 bytes once, hashed and sent as
// those bytes. With text beyond ASCII (Hausa's ƙ and ɗ, ñ, the naira sign, a four-byte emoji) a length, tag or
// body taken from another encoding, or from the string's length, would differ from the bytes sent.

const SHOP = 'Ɗan Ƙwarai Hula — Kano';
const NAMES = Array.from({ length: 20 }, (_, i) => `Ƙube ɗinkin hannu ${i} · Señor ₦${(i + 1) * 1_000} 🧢`);
const DESCRIPTION = 'Hular ƙube da aka ɗinka da hannu a Kano; kuɗinta ₦25,000. Año nuevo, sombrero nuevo.';

let env: RestTestEnv;
let shop: Vendor;
const productIds: number[] = [];

beforeAll(async () => {
  env = await createRestTestEnv();
  const em = env.services.orm.em.fork();
  shop = await makeVendor(em, { shopName: SHOP });
  for (const [i, name] of NAMES.entries()) {
    productIds.push((await makeProduct(em, shop, { name, description: DESCRIPTION, priceNaira: 5_000 + i })).id);
  }
});
afterAll(async () => env?.close());

const get = (url: string, headers: Record<string, string> = {}) => env.app.inject({ method: 'GET', url, headers });

/** The tag the rule in plugins/compression.ts (etagOf) gives: W/"<SHA-1 of the answer's bytes, base64url>". */
const tagOf = (bytes: Buffer) => `W/"${createHash('sha1').update(bytes).digest('base64url')}"`;

const urls = () => [
  // Over the compression threshold: gzip when asked.
  '/api/products?per_page=50',
  `/trpc/catalogue.list?input=${encodeURIComponent(JSON.stringify({ per_page: 50 }))}`,
  // Under it: sent as they are either way.
  `/api/products/${productIds[3]}`,
  `/api/vendors/${shop.id}`,
  `/trpc/catalogue.get?input=${encodeURIComponent(JSON.stringify({ id: productIds[7] }))}`,
];

/** Every string of the answer, read from its bytes as UTF-8 JSON. */
function stringsIn(response: LightMyRequestResponse): string[] {
  const body = JSON.parse(response.rawPayload.toString('utf8')) as unknown;
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (typeof node === 'string') found.push(node);
    else if (node && typeof node === 'object') for (const value of Object.values(node)) walk(value);
  };
  walk(body);
  return found;
}

describe('a catalogue answer beyond ASCII', () => {
  it('is sent as its UTF-8 bytes: Content-Length, ETag and body agree', async () => {
    for (const url of urls()) {
      const plain = await get(url);
      expect([url, plain.statusCode, plain.headers['content-encoding']]).toEqual([url, 200, undefined]);
      const bytes = plain.rawPayload;
      const text = bytes.toString('utf8');
      // The text holds what was stored, decoded from the bytes sent: no character lost or encoded twice.
      expect(Buffer.from(text, 'utf8').equals(bytes), url).toBe(true);
      // Among them a name, the description or the shop just as they were stored.
      const strings = stringsIn(plain);
      expect(
        strings.some((s) => s === SHOP || NAMES.includes(s) || s === DESCRIPTION),
        url,
      ).toBe(true);
      expect(text, url).toMatch(/[ƙɗƘƊñ₦🧢]/u);
      // Beyond ASCII, bytes outnumber characters: a length taken from the string would be short.
      expect(bytes.length, url).toBeGreaterThan(text.length);
      expect(Number(plain.headers['content-length']), url).toBe(Buffer.byteLength(text, 'utf8'));
      expect(Number(plain.headers['content-length']), url).toBe(bytes.length);
      // The tag is of the bytes sent (not of their Latin-1 or UTF-16 reading).
      expect(plain.headers.etag, url).toBe(tagOf(bytes));
      expect(plain.headers.etag, url).not.toBe(tagOf(Buffer.from(text, 'latin1')));
      expect(plain.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers If-None-Match with that tag 304 and no body, compressed or not', async () => {
    for (const url of urls()) {
      const plain = await get(url);
      const etag = tagOf(plain.rawPayload);
      expect(plain.headers.etag, url).toBe(etag);
      const conditional: Record<string, string>[] = [
        { 'if-none-match': etag },
        { 'if-none-match': etag, 'accept-encoding': 'gzip' },
      ];
      for (const headers of conditional) {
        const again = await get(url, headers);
        expect([url, again.statusCode, again.rawPayload.length]).toEqual([url, 304, 0]);
        expect(again.headers.etag, url).toBe(etag);
        expect(again.headers['content-encoding'], url).toBeUndefined();
      }
      // Another tag, or the tag of the text read as Latin-1, is not a match.
      const other = await get(url, {
        'if-none-match': tagOf(Buffer.from(plain.rawPayload.toString('utf8'), 'latin1')),
      });
      expect([url, other.statusCode]).toEqual([url, 200]);
      expect(other.rawPayload.equals(plain.rawPayload), url).toBe(true);
    }
  });

  it('sends the same bytes and tag gzipped: decoded, byte for byte the uncompressed answer', async () => {
    let compressed = 0;
    for (const url of urls()) {
      const plain = await get(url);
      const gzipped = await get(url, { 'accept-encoding': 'gzip' });
      expect([url, gzipped.statusCode]).toEqual([url, 200]);
      expect(gzipped.headers.etag, url).toBe(plain.headers.etag);
      if (plain.rawPayload.length >= COMPRESSION_THRESHOLD) {
        compressed += 1;
        expect(gzipped.headers['content-encoding'], url).toBe('gzip');
        expect(gunzipSync(gzipped.rawPayload).equals(plain.rawPayload), url).toBe(true);
      } else {
        expect(gzipped.headers['content-encoding'], url).toBeUndefined();
        expect(gzipped.rawPayload.equals(plain.rawPayload), url).toBe(true);
        expect(Number(gzipped.headers['content-length']), url).toBe(plain.rawPayload.length);
      }
      expect(tagOf(plain.rawPayload), url).toBe(gzipped.headers.etag);
    }
    // Both kinds were met: the list answers are large, the single answers small.
    expect(compressed).toBe(2);
  });
});
