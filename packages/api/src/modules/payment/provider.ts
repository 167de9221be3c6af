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
}

export function signBody(secret: string, rawBody: string): string {
  return createHmac('sha512', secret).update(rawBody).digest('hex');
}

export function signatureMatches(secret: string, rawBody: string, signature: string | undefined): boolean {
  if (!signature || !/^[a-f0-9]{128}$/i.test(signature)) return false;
  return timingSafeEqual(Buffer.from(signBody(secret, rawBody), 'hex'), Buffer.from(signature, 'hex'));
}

/** The real Paystack API (https://api.paystack.co), used when PAYSTACK_SECRET_KEY is set. */
export class PaystackProvider implements PaymentProvider {
  readonly name = 'paystack' as const;

  constructor(
    private readonly secretKey: string,
    private readonly baseUrl = 'https://api.paystack.co',
  ) {}

  private async call<T>(path: string, init: RequestInit = {}): Promise<{ ok: boolean; status: number; body: T }> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${this.secretKey}`, 'content-type': 'application/json', ...init.headers },
      signal: AbortSignal.timeout(15_000),
    });
    return { ok: response.ok, status: response.status, body: (await response.json()) as T };
  }

  async initialize(input: { email: string; amountKobo: number; reference: string; callbackUrl: string }) {
    const { ok, body } = await this.call<{
      status: boolean;
      message: string;
      data?: { authorization_url: string; reference: string };
    }>('/transaction/initialize', {
      method: 'POST',
      body: JSON.stringify({
        email: input.email,
        amount: String(input.amountKobo),
        currency: 'NGN',
        reference: input.reference,
        callback_url: input.callbackUrl,
      }),
    });
    if (!ok || !body.status || !body.data) throw new Error(`Paystack initialize failed: ${body.message}`);
    return { authorizationUrl: body.data.authorization_url, reference: body.data.reference };
  }

  async verify(reference: string) {
    const { ok, status, body } = await this.call<{ status: boolean; data?: VerifiedTransaction }>(
      `/transaction/verify/${encodeURIComponent(reference)}`,
    );
    if (status === 404 || (ok && !body.data)) return null;
    if (!ok || !body.data) throw new Error(`Paystack verify failed with HTTP ${status}`);
    return body.data;
  }

  verifySignature(rawBody: string, signature: string | undefined) {
    return signatureMatches(this.secretKey, rawBody, signature);
  }
}
