import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import {
  MAX_REFUND_PAGES,
  PaystackProvider,
  type PaystackRefundData,
  ProviderUnavailableError,
  REFUND_PAGE_SIZE,
  type RefundPage,
  type RefundPageQuery,
  refundsOfTransaction,
} from '../src/modules/payment/provider.js';
import { createTestEnv } from './harness.js';
import { type PrismMock, startPrism } from './paystack/prism.js';

/**
 * The real Paystack adapter against Paystack's published contract: Prism serves a mock generated from
 * Paystack's own OpenAPI description with request validation on, the adapter's base URL points at it, and
 * every call the adapter makes must pass: no violation in Prism's `sl-violations` header, no query parameter
 * and no body field the description does not document.
 */

const inRepo = join(import.meta.dirname, 'paystack/paystack-openapi.yaml');
/** The reference beside the repository (shared/reference), when there; the copy in the repository otherwise. */
const shared = resolve(import.meta.dirname, '../../../../shared/reference/paystack-openapi.yaml');
const documentPath = existsSync(shared) ? shared : inRepo;

interface Parameter {
  name: string;
  in: string;
}
interface Schema {
  $ref?: string;
  allOf?: Schema[];
  properties?: Record<string, unknown>;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
const document = parse(readFileSync(documentPath, 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

/** The operation a request is for: a literal path before a templated one, as OpenAPI says. */
function operationOf(method: string, pathname: string): { path: string; operation: Operation } | null {
  const candidates = Object.keys(document.paths)
    .filter((path) => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(pathname))
    .sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0));
  for (const path of candidates) {
    const operation = document.paths[path]?.[method.toLowerCase()];
    if (operation) return { path, operation };
  }
  return null;
}

/** Every property name a request schema documents ($ref and allOf followed). */
function propertiesOf(schema: Schema | undefined): string[] {
  if (!schema) return [];
  if (schema.$ref) return propertiesOf(document.components.schemas[schema.$ref.split('/').pop() ?? '']);
  return [...Object.keys(schema.properties ?? {}), ...(schema.allOf ?? []).flatMap(propertiesOf)];
}

interface Exchange {
  method: string;
  url: URL;
  body: Record<string, unknown> | null;
  status: number;
  violations: string | null;
}

/** What is wrong with one request, by the description and by Prism; empty when nothing. */
function contractBreaches(exchange: Exchange): string[] {
  const what = `${exchange.method} ${exchange.url.pathname}${exchange.url.search}`;
  const found = operationOf(exchange.method, exchange.url.pathname);
  if (!found) return [`${what}: no such operation in Paystack's description`];
  const breaches: string[] = [];
  if (exchange.violations) {
    const violations = JSON.parse(exchange.violations) as { location: string[]; message: string }[];
    for (const v of violations.filter((v) => v.location[0] === 'request')) breaches.push(`${what}: ${v.message}`);
  }
  const documented = new Set((found.operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name));
  for (const name of exchange.url.searchParams.keys()) {
    if (!documented.has(name)) breaches.push(`${what}: query parameter ${name} is not documented for ${found.path}`);
  }
  if (exchange.body) {
    const fields = new Set(propertiesOf(found.operation.requestBody?.content?.['application/json']?.schema));
    for (const name of Object.keys(exchange.body)) {
      if (!fields.has(name)) breaches.push(`${what}: body field ${name} is not documented for ${found.path}`);
    }
  }
  return breaches;
}

let prism: PrismMock;
let paystack: PaystackProvider;
const exchanges: Exchange[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  prism = await startPrism(documentPath);
  paystack = new PaystackProvider('sk_test_contract', prism.url);
});
afterAll(async () => prism?.stop());
afterEach(() => {
  vi.restoreAllMocks();
  exchanges.length = 0;
});

/** Runs one adapter call while recording each request it sends and Prism's verdict on it. */
async function recorded(call: () => Promise<unknown>): Promise<{ error: unknown; exchanges: Exchange[] }> {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const response = await realFetch(input, init);
    exchanges.push({
      method: init?.method ?? 'GET',
      url: new URL(String(input)),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null,
      status: response.status,
      violations: response.headers.get('sl-violations'),
    });
    return response;
  });
  let error: unknown = null;
  try {
    await call();
  } catch (thrown) {
    error = thrown;
  } finally {
    vi.restoreAllMocks();
  }
  return { error, exchanges: [...exchanges] };
}

describe("the Paystack adapter keeps Paystack's published contract (Prism, request validation on)", () => {
  it('the mock is generated from the same description as the copy kept in the repository', () => {
    expect(readFileSync(documentPath, 'utf8')).toBe(readFileSync(inRepo, 'utf8'));
  });

  const calls: [string, string[], () => Promise<unknown>][] = [
    [
      'initialize',
      ['POST /transaction/initialize'],
      () =>
        paystack.initialize({
          email: 'amina@example.com',
          amountKobo: 2_450_050,
          reference: 'CAPS-12-abc',
          callbackUrl: 'https://capsmarket.ng/payment/callback',
        }),
    ],
    ['verify', ['GET /transaction/verify/CAPS-12-abc'], () => paystack.verify('CAPS-12-abc')],
    ['banks', ['GET /bank'], () => paystack.listBanks()],
    ['resolve', ['GET /bank/resolve'], () => paystack.resolveAccount('0123456789', '058')],
    [
      'transfer recipient',
      ['POST /transferrecipient'],
      () =>
        paystack.createTransferRecipient({ name: 'Zanna Heritage Caps', accountNumber: '0123456789', bankCode: '058' }),
    ],
    [
      'transfer',
      ['POST /transfer'],
      () =>
        paystack.transfer({
          amountKobo: 1_234_567,
          recipientCode: 'RCP_gd9vgag7n5lr5ix',
          reference: 'payout-7-3f9a2c41d0e84b6f',
          reason: 'Caps Marketplace payout payout-7-3f9a2c41d0e84b6f',
        }),
    ],
    [
      'verify transfer',
      ['GET /transfer/verify/payout-7-3f9a2c41d0e84b6f'],
      () => paystack.verifyTransfer('payout-7-3f9a2c41d0e84b6f'),
    ],
    [
      'refund',
      ['POST /refund'],
      () =>
        paystack.refund({ transactionReference: 'CAPS-12-abc', amountKobo: 70_000, reason: 'caps-refund-4 goodwill' }),
    ],
    ['fetch refund', ['GET /refund/15581137'], () => paystack.fetchRefund('15581137')],
    ['list refunds', ['GET /refund'], () => paystack.listRefunds('CAPS-12-abc', new Date('2026-03-01T09:00:00Z'))],
  ];

  for (const [name, requests, call] of calls) {
    it(`${name}: every request it sends is one Paystack documents, and Prism accepts it`, async () => {
      const { error, exchanges: sent } = await recorded(call);
      expect(sent.map((e) => `${e.method} ${e.url.pathname}`)).toEqual(requests);
      expect(sent.flatMap(contractBreaches)).toEqual([]);
      expect(error).toBeNull();
      for (const exchange of sent) expect(exchange.status, `${exchange.method} ${exchange.url}`).toBeLessThan(300);
    });
  }

  it('a server with a secret key sends its calls to paystackBaseUrl (PAYSTACK_BASE_URL)', async () => {
    const env = await createTestEnv({ paystackSecretKey: 'sk_test_contract', paystackBaseUrl: `${prism.url}/` });
    try {
      expect(env.services.sandbox).toBeNull();
      const { error, exchanges: sent } = await recorded(() => env.services.payments.verify('CAPS-12-abc'));
      expect(error).toBeNull();
      expect(sent.map((e) => `${e.method} ${e.url.origin}${e.url.pathname}`)).toEqual([
        `GET ${prism.url}/transaction/verify/CAPS-12-abc`,
      ]);
      expect(sent.flatMap(contractBreaches)).toEqual([]);
    } finally {
      await env.close();
    }
  });

  it('the checks can fail: a string amount and an undocumented parameter are caught', async () => {
    const { exchanges: sent } = await recorded(() =>
      globalThis.fetch(`${prism.url}/transaction/initialize?transaction=CAPS-1`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_contract', 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@example.com', amount: '5000', nickname: 'x' }),
      }),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]?.status).toBe(400);
    expect(sent.flatMap(contractBreaches)).toEqual([
      'POST /transaction/initialize?transaction=CAPS-1: Request body property amount must be integer',
      'POST /transaction/initialize?transaction=CAPS-1: query parameter transaction is not documented for /transaction/initialize',
      'POST /transaction/initialize?transaction=CAPS-1: body field nickname is not documented for /transaction/initialize',
    ]);
  });
});

describe("a transaction's refunds are looked up on every page of GET /refund", () => {
  const since = new Date('2026-03-01T09:00:00.000Z');
  const now = new Date('2026-03-01T09:30:00.000Z');
  /** Paystack's list as a fake answers it: 250 refunds, newest first, no transaction filter. */
  const all: PaystackRefundData[] = Array.from({ length: 250 }, (_, i) => ({
    id: 9_000 + i,
    status: 'processed',
    amount: 100 + i,
    currency: 'NGN',
    transaction: 70_000 + i,
    transaction_reference: i === 17 ? 'CAPS-ours' : `CAPS-other-${i}`,
  }));
  const pageOf = (query: RefundPageQuery, pageCount: boolean): RefundPage => ({
    data: all.slice((query.page - 1) * query.perPage, query.page * query.perPage),
    pageCount: pageCount ? Math.ceil(all.length / query.perPage) : null,
  });

  it('reads pages until the page count, in a window from `since` less an hour to now plus an hour', async () => {
    const queries: RefundPageQuery[] = [];
    const found = await refundsOfTransaction(
      async (query) => {
        queries.push(query);
        return pageOf(query, true);
      },
      'CAPS-ours',
      since,
      now,
    );
    expect(found).toEqual([
      {
        id: '9017',
        status: 'processed',
        amount: 117,
        currency: 'NGN',
        transactionReference: 'CAPS-ours',
        merchantNote: null,
      },
    ]);
    expect(queries).toEqual(
      [1, 2, 3].map((page) => ({
        perPage: REFUND_PAGE_SIZE,
        page,
        from: '2026-03-01T08:00:00.000Z',
        to: '2026-03-01T10:30:00.000Z',
      })),
    );
  });

  it('without a page count it reads on to an empty page (a short page may be a smaller page size)', async () => {
    const pages: number[] = [];
    const ours = all.filter((r) => r.transaction_reference === 'CAPS-other-240');
    const found = await refundsOfTransaction(
      async (query) => {
        pages.push(query.page);
        // A Paystack that gives 50 a page whatever perPage asks.
        return pageOf({ ...query, perPage: 50 }, false);
      },
      'CAPS-other-240',
      since,
      now,
    );
    expect(found.map((r) => r.id)).toEqual(ours.map((r) => String(r.id)));
    expect(pages).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('more pages than it may read is ProviderUnavailableError, never a list that may miss one', async () => {
    let asked = 0;
    const endless = refundsOfTransaction(
      async () => {
        asked++;
        return { data: all.slice(0, REFUND_PAGE_SIZE), pageCount: null };
      },
      'CAPS-ours',
      since,
      now,
    );
    await expect(endless).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(asked).toBe(MAX_REFUND_PAGES);
  });

  it('the adapter reads every page from Paystack, with only the documented query', async () => {
    const seen: URLSearchParams[] = [];
    const server = createServer((req, res) => {
      const query = new URL(req.url ?? '', 'http://x').searchParams;
      seen.push(query);
      const perPage = Number(query.get('perPage'));
      const page = Number(query.get('page'));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          status: true,
          message: 'Refunds retrieved',
          data: all.slice((page - 1) * perPage, page * perPage),
          meta: { total: all.length, skipped: 0, perPage: String(perPage), page, pageCount: 3 },
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const found = await new PaystackProvider('sk_test_pages', url).listRefunds('CAPS-other-230', since);
      expect(found.map((r) => [r.id, r.amount])).toEqual([['9230', 330]]);
      expect(seen.map((q) => [...q.keys()].sort().join(','))).toEqual(Array(3).fill('from,page,perPage,to'));
      expect(seen.map((q) => q.get('page'))).toEqual(['1', '2', '3']);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
