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
