import { createHmac, timingSafeEqual } from 'node:crypto';

/** What we need from a verify answer (Paystack's `data` of GET /transaction/verify/{reference}). */
export interface VerifiedTransaction {
  status: string;
  reference: string;
  /** Kobo. */
  amount: number;
  currency: string;
  gateway_response: string;
  paid_at: string | null;
}

/** One bank of Paystack's list (GET /bank?country=nigeria). */
export interface ProviderBank {
  name: string;
  code: string;
}

/** What we need from GET /transfer/verify/{reference} and the transfer webhooks' `data`. */
export interface VerifiedTransfer {
  /** Paystack's transfer statuses: pending, success, failed, reversed, otp, received, processing, abandoned, blocked, rejected. */
  status: string;
  reference: string;
  /** Kobo. */
  amount: number;
  currency: string;
  transfer_code: string;
  /** Why it failed, when it did. */
  reason: string | null;
}

/** What we need from GET /refund/{id}, GET /refund and the refund webhooks' `data`. */
export interface VerifiedRefund {
  /** Paystack's refund id. */
  id: string;
  /** Paystack's refund statuses: pending, processing, processed, failed, needs-attention. */
  status: string;
  /** Kobo. */
  amount: number;
  currency: string;
  /** Our payment reference (the transaction refunded). */
  transactionReference: string;
  /** The merchant_note we sent with it (we put our refund's id in it), when Paystack answers it. */
  merchantNote?: string | null;
}

/**
 * The provider could not be reached or answered an error that is not about the input (network down,
 * timeout, 5xx): the caller may try again later. Services turn it into BANK_UNAVAILABLE (503).
 */
export class ProviderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}

/**
 * Paystack refused a request for a reason about the request itself (4xx other than an unknown reference),
 * e.g. a transfer its balance cannot cover or a recipient it will not create. Trying again unchanged will
 * not help; `message` is Paystack's.
 */
export class ProviderRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ProviderRequestError';
  }
}

/** Paystack's contract as we use it; the real API and the built-in sandbox both implement it. */
export interface PaymentProvider {
  readonly name: 'paystack' | 'sandbox';
  initialize(input: {
    email: string;
    amountKobo: number;
    reference: string;
    callbackUrl: string;
  }): Promise<{ authorizationUrl: string; reference: string }>;
  /** null when the provider does not know the reference. */
  verify(reference: string): Promise<VerifiedTransaction | null>;
  /** The webhook's x-paystack-signature: HMAC SHA-512 of the raw body with the secret key. */
  verifySignature(rawBody: string, signature: string | undefined): boolean;

  // Transfers to shops (issue 12). Each throws ProviderUnavailableError when Paystack cannot be reached.
  /** GET /bank?country=nigeria&currency=NGN: Nigerian banks with their codes. */
  listBanks(): Promise<ProviderBank[]>;
  /** GET /bank/resolve: the account's name at the bank, or null when the bank does not know it. */
  resolveAccount(accountNumber: string, bankCode: string): Promise<{ accountName: string } | null>;
  /** POST /transferrecipient (type nuban, NGN): the recipient code to send transfers to. */
  createTransferRecipient(input: { name: string; accountNumber: string; bankCode: string }): Promise<{
    recipientCode: string;
  }>;
  /**
   * POST /transfer (source balance): sends `amountKobo` to the recipient under our `reference`. Paystack
   * refuses a second transfer with a reference it has seen; this answers the existing transfer instead, so
   * a retry after a crash is safe.
   */
  transfer(input: { amountKobo: number; recipientCode: string; reference: string; reason: string }): Promise<{
    transferCode: string;
    status: string;
  }>;
  /** GET /transfer/verify/{reference}: null when Paystack does not know the reference. */
  verifyTransfer(reference: string): Promise<VerifiedTransfer | null>;

  // Refunds to buyers (issue 13, docs/returns.md). Paystack takes no reference of ours for a refund, so a
  // refund left unsent by a crash is first looked for with listRefunds before it is sent again.
  /** POST /refund {transaction, amount}: a full or partial refund of a successful transaction. */
  refund(input: { transactionReference: string; amountKobo: number; reason: string }): Promise<VerifiedRefund>;
  /** GET /refund/{id}: null when Paystack does not know the id. */
  fetchRefund(refundId: string): Promise<VerifiedRefund | null>;
  /**
   * Every refund of a transaction made since `since` (the time of our record of the first one looked for):
   * GET /refund by its documented perPage, page, from and to, every page read (refundsOfTransaction).
   */
  listRefunds(transactionReference: string, since: Date): Promise<VerifiedRefund[]>;
}

export function signBody(secret: string, rawBody: string): string {
  return createHmac('sha512', secret).update(rawBody).digest('hex');
}

export function signatureMatches(secret: string, rawBody: string, signature: string | undefined): boolean {
  if (!signature || !/^[a-f0-9]{128}$/i.test(signature)) return false;
  return timingSafeEqual(Buffer.from(signBody(secret, rawBody), 'hex'), Buffer.from(signature, 'hex'));
}

/** Paystack's envelope around every answer. */
interface Envelope<T> {
  status?: boolean;
  message?: string;
  data?: T | null;
  meta?: { next?: string | null; pageCount?: number; page?: number } | null;
}

/** The fields we read of Paystack's transfer data (POST /transfer, GET /transfer/verify, transfer webhooks). */
interface PaystackTransferData {
  status: string;
  reference: string;
  amount: number;
  currency: string;
  transfer_code: string;
  gateway_response?: string | null;
  failures?: unknown;
}

/** Why a transfer failed, from the fields Paystack fills in for one (null while it has not failed). */
function failureOf(data: PaystackTransferData): string | null {
  if (!['failed', 'reversed', 'abandoned', 'blocked', 'rejected'].includes(data.status)) return null;
  if (data.gateway_response) return data.gateway_response;
  if (typeof data.failures === 'string' && data.failures) return data.failures;
  if (data.failures && typeof data.failures === 'object') return JSON.stringify(data.failures);
  return `Transfer ${data.status}`;
}

export function verifiedTransferOf(data: PaystackTransferData): VerifiedTransfer {
  return {
    status: data.status,
    reference: data.reference,
    amount: data.amount,
    currency: data.currency,
    transfer_code: data.transfer_code,
    reason: failureOf(data),
  };
}

/** The fields we read of Paystack's refund data (GET /refund/{id}, GET /refund, refund webhooks). */
export interface PaystackRefundData {
  id: number | string;
  status: string;
  amount: number | string;
  currency: string;
  /** GET /refund answers the transaction's id here and its reference in transaction_reference. */
  transaction?: number | string | { reference?: string } | null;
  transaction_reference?: string | null;
  merchant_note?: string | null;
}

/** A refund as we use it, from any of Paystack's refund answers; null when the data lacks what we need. */
export function verifiedRefundOf(data: PaystackRefundData | null | undefined): VerifiedRefund | null {
  if (!data || data.id === undefined || data.id === null || typeof data.status !== 'string') return null;
  const amount = Number(data.amount);
  if (!Number.isInteger(amount)) return null;
  const transactionReference =
    data.transaction_reference ??
    (data.transaction && typeof data.transaction === 'object' ? data.transaction.reference : undefined);
  if (typeof transactionReference !== 'string' || !transactionReference) return null;
  return {
    id: String(data.id),
    status: data.status,
    amount,
    currency: data.currency,
    transactionReference,
    merchantNote: typeof data.merchant_note === 'string' ? data.merchant_note : null,
  };
}

/** What a page of GET /refund is asked with: only the parameters Paystack's description documents. */
export interface RefundPageQuery {
  perPage: number;
  page: number;
  /** ISO date-times. */
  from: string;
  to: string;
}

/** One page of GET /refund: its refunds and, when Paystack says it, how many pages there are. */
export interface RefundPage {
  data: PaystackRefundData[];
  pageCount: number | null;
}

/** Refunds asked for per page of GET /refund. */
export const REFUND_PAGE_SIZE = 100;
/** The most pages one look-up reads (10,000 refunds in its window); past them it gives up for now. */
export const MAX_REFUND_PAGES = 100;
/** How much earlier or later than our clock Paystack's may date a refund. */
const REFUND_CLOCK_MARGIN_MS = 60 * 60_000;

/**
 * The refunds of one transaction made since `since`, by the documented means only: GET /refund has no
 * transaction filter, so every page from `since` (less a margin for clocks) to now is read and the
 * transaction's refunds are picked out here. A refund on any page is found, never only the first 100; when
 * the window holds more than MAX_REFUND_PAGES pages it throws ProviderUnavailableError rather than answer
 * a list that may miss one (a refund looked up to avoid sending it twice must not be missed).
 */
export async function refundsOfTransaction(
  listPage: (query: RefundPageQuery) => Promise<RefundPage>,
  transactionReference: string,
  since: Date,
  now: Date = new Date(),
): Promise<VerifiedRefund[]> {
  const from = new Date(Math.min(since.getTime(), now.getTime()) - REFUND_CLOCK_MARGIN_MS).toISOString();
  const to = new Date(now.getTime() + REFUND_CLOCK_MARGIN_MS).toISOString();
  const found = new Map<string, VerifiedRefund>();
  for (let page = 1; page <= MAX_REFUND_PAGES; page++) {
    const { data, pageCount } = await listPage({ perPage: REFUND_PAGE_SIZE, page, from, to });
    for (const item of data) {
      const refund = verifiedRefundOf(item);
      if (refund?.transactionReference === transactionReference) found.set(refund.id, refund);
    }
    // Without a page count, the list ends at an empty page: a short page may only mean a smaller page size.
    if (data.length === 0 || (pageCount !== null && page >= pageCount)) return [...found.values()];
  }
  throw new ProviderUnavailableError(
    `Paystack lists more than ${MAX_REFUND_PAGES * REFUND_PAGE_SIZE} refunds since ${from}: not all could be read`,
  );
}

/** The most pages of GET /bank we follow (Paystack's Nigerian list is a few hundred banks). */
const MAX_BANK_PAGES = 20;

/** The real Paystack API (https://api.paystack.co), used when PAYSTACK_SECRET_KEY is set. */
export class PaystackProvider implements PaymentProvider {
  readonly name = 'paystack' as const;

  constructor(
    private readonly secretKey: string,
    private readonly baseUrl = 'https://api.paystack.co',
    private readonly timeoutMs = 15_000,
  ) {}

  /**
   * One request. The network failing, a timeout, a 5xx or an answer that is not JSON throw
   * ProviderUnavailableError (the caller may try again later); any other status is the caller's to read.
   */
  private async call<T>(
    path: string,
    init: RequestInit = {},
  ): Promise<{ ok: boolean; status: number; body: Envelope<T> }> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${this.secretKey}`, 'content-type': 'application/json', ...init.headers },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new ProviderUnavailableError(`Paystack could not be reached: ${(err as Error).message}`);
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      throw new ProviderUnavailableError(`Paystack answered HTTP ${response.status}`);
    }
    let body: Envelope<T>;
    try {
      body = (await response.json()) as Envelope<T>;
    } catch {
      throw new ProviderUnavailableError(`Paystack answered HTTP ${response.status} without JSON`);
    }
    if (!body || typeof body !== 'object') {
      throw new ProviderUnavailableError(`Paystack answered HTTP ${response.status} without an envelope`);
    }
    return { ok: response.ok, status: response.status, body };
  }

  /** Our key refused or Paystack throttling us: nothing the input can fix, so try later. */
  private static unavailableOn(status: number, body: Envelope<unknown>, what: string): void {
    if (status === 401 || status === 403 || status === 429) {
      throw new ProviderUnavailableError(`Paystack ${what} answered HTTP ${status}: ${body.message ?? ''}`);
    }
  }

  async initialize(input: { email: string; amountKobo: number; reference: string; callbackUrl: string }) {
    const { ok, body } = await this.call<{ authorization_url: string; reference: string }>('/transaction/initialize', {
      method: 'POST',
      body: JSON.stringify({
        email: input.email,
        // Paystack's description types amount as an integer of kobo; a string is refused (400).
        amount: input.amountKobo,
        currency: 'NGN',
        reference: input.reference,
        callback_url: input.callbackUrl,
      }),
    });
    if (!ok || !body.status || !body.data) throw new Error(`Paystack initialize failed: ${body.message}`);
    return { authorizationUrl: body.data.authorization_url, reference: body.data.reference };
  }

  async verify(reference: string) {
    const { ok, status, body } = await this.call<VerifiedTransaction>(
      `/transaction/verify/${encodeURIComponent(reference)}`,
    );
    if (status === 404 || (ok && !body.data)) return null;
    if (!ok || !body.data) throw new Error(`Paystack verify failed with HTTP ${status}`);
    return body.data;
  }

  verifySignature(rawBody: string, signature: string | undefined) {
    return signatureMatches(this.secretKey, rawBody, signature);
  }

  async listBanks(): Promise<ProviderBank[]> {
    const banks = new Map<string, ProviderBank>();
    let cursor: string | null = null;
    for (let page = 0; page < MAX_BANK_PAGES; page++) {
      const query = new URLSearchParams({ country: 'nigeria', currency: 'NGN', perPage: '100', use_cursor: 'true' });
      if (cursor) query.set('next', cursor);
      const { ok, status, body } = await this.call<
        { name: string; code: string; active?: boolean; is_deleted?: boolean | null }[]
      >(`/bank?${query}`);
      PaystackProvider.unavailableOn(status, body, 'bank list');
      if (!ok || !body.status || !Array.isArray(body.data)) {
        throw new ProviderUnavailableError(`Paystack bank list failed with HTTP ${status}: ${body.message ?? ''}`);
      }
      for (const bank of body.data) {
        if (bank.active === false || bank.is_deleted === true || !bank.code || !bank.name) continue;
        if (!banks.has(bank.code)) banks.set(bank.code, { name: bank.name.trim(), code: bank.code });
      }
      const next = body.meta?.next;
      if (!next || next === cursor) break;
      cursor = next;
    }
    return [...banks.values()];
  }

  async resolveAccount(accountNumber: string, bankCode: string) {
    const query = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode });
    const { ok, status, body } = await this.call<{ account_number: string; account_name: string }>(
      `/bank/resolve?${query}`,
    );
    PaystackProvider.unavailableOn(status, body, 'resolve');
    // 400 / 422 (or a 200 with status false): the bank does not know this account.
    if (!ok || !body.status || !body.data?.account_name) return null;
    return { accountName: body.data.account_name.trim() };
  }

  async createTransferRecipient(input: { name: string; accountNumber: string; bankCode: string }) {
    const { ok, status, body } = await this.call<{ recipient_code: string }>('/transferrecipient', {
      method: 'POST',
      body: JSON.stringify({
        type: 'nuban',
        name: input.name,
        account_number: input.accountNumber,
        bank_code: input.bankCode,
        currency: 'NGN',
      }),
    });
    PaystackProvider.unavailableOn(status, body, 'transfer recipient');
    if (!ok || !body.status || !body.data?.recipient_code) {
      throw new ProviderRequestError(body.message ?? `Paystack refused the recipient (HTTP ${status})`, status);
    }
    return { recipientCode: body.data.recipient_code };
  }

  async transfer(input: { amountKobo: number; recipientCode: string; reference: string; reason: string }) {
    const { ok, status, body } = await this.call<PaystackTransferData>('/transfer', {
      method: 'POST',
      body: JSON.stringify({
        source: 'balance',
        amount: input.amountKobo,
        recipient: input.recipientCode,
        reference: input.reference,
        reason: input.reason,
        currency: 'NGN',
      }),
    });
    PaystackProvider.unavailableOn(status, body, 'transfer');
    if (ok && body.status && body.data?.transfer_code) {
      return { transferCode: body.data.transfer_code, status: body.data.status };
    }
    // Paystack refuses a reference it has seen: when it knows this one, the transfer was sent before (a retry
    // after a crash or a lost answer), so that transfer is the answer, never a second one.
    const existing = await this.verifyTransfer(input.reference);
    if (existing) return { transferCode: existing.transfer_code, status: existing.status };
    throw new ProviderRequestError(body.message ?? `Paystack refused the transfer (HTTP ${status})`, status);
  }

  async verifyTransfer(reference: string) {
    const { ok, status, body } = await this.call<PaystackTransferData>(
      `/transfer/verify/${encodeURIComponent(reference)}`,
    );
    if (status === 404) return null;
    PaystackProvider.unavailableOn(status, body, 'transfer verify');
    if (ok && body.status === false) return null;
    if (!ok || !body.data) {
      throw new ProviderRequestError(body.message ?? `Paystack transfer verify failed (HTTP ${status})`, status);
    }
    return verifiedTransferOf(body.data);
  }
  async refund(input: { transactionReference: string; amountKobo: number; reason: string }): Promise<VerifiedRefund> {
    const { ok, status, body } = await this.call<PaystackRefundData>('/refund', {
      method: 'POST',
      body: JSON.stringify({
        transaction: input.transactionReference,
        amount: input.amountKobo,
        currency: 'NGN',
        merchant_note: input.reason.slice(0, 255),
      }),
    });
    PaystackProvider.unavailableOn(status, body, 'refund');
    if (!ok || !body.status) {
      throw new ProviderRequestError(body.message ?? `Paystack refused the refund (HTTP ${status})`, status);
    }
    // The create answer nests the transaction (with its reference); fill it in when Paystack leaves it out.
    const refund = verifiedRefundOf(
      body.data ? { transaction_reference: input.transactionReference, ...body.data } : null,
    );
    if (!refund) throw new ProviderUnavailableError('Paystack answered a refund without its id or status');
    return refund;
  }

  async fetchRefund(refundId: string): Promise<VerifiedRefund | null> {
    const { ok, status, body } = await this.call<PaystackRefundData>(`/refund/${encodeURIComponent(refundId)}`);
    if (status === 404) return null;
    PaystackProvider.unavailableOn(status, body, 'refund fetch');
    if (ok && body.status === false) return null;
    if (!ok || !body.data) {
      throw new ProviderRequestError(body.message ?? `Paystack refund fetch failed (HTTP ${status})`, status);
    }
    const refund = verifiedRefundOf(body.data);
    if (!refund) throw new ProviderUnavailableError('Paystack answered a refund without its id or status');
    return refund;
  }

  async listRefunds(transactionReference: string, since: Date): Promise<VerifiedRefund[]> {
    return refundsOfTransaction(
      async (query) => {
        const params = new URLSearchParams({
          perPage: String(query.perPage),
          page: String(query.page),
          from: query.from,
          to: query.to,
        });
        const { ok, status, body } = await this.call<PaystackRefundData[]>(`/refund?${params}`);
        if (status === 404) return { data: [], pageCount: null };
        PaystackProvider.unavailableOn(status, body, 'refund list');
        if (!ok || !body.status || !Array.isArray(body.data)) {
          throw new ProviderRequestError(body.message ?? `Paystack refund list failed (HTTP ${status})`, status);
        }
        const pageCount = body.meta?.pageCount;
        return { data: body.data, pageCount: typeof pageCount === 'number' ? pageCount : null };
      },
      transactionReference,
      since,
    );
  }
}
