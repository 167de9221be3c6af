import { randomBytes } from 'node:crypto';
import type { PaymentProvider, VerifiedTransaction } from './provider.js';
import { signatureMatches } from './provider.js';

/** Paystack's test cards: this one succeeds, and 4084 0800 0000 5408 is declined. */
export const SANDBOX_SUCCESS_CARD = '4084084084084081';
export const SANDBOX_DECLINED_CARD = '4084080000005408';

interface SandboxTransaction {
  id: number;
  reference: string;
  accessCode: string;
  email: string;
  amount: number;
  currency: string;
  callbackUrl: string;
  status: 'ongoing' | 'success' | 'failed' | 'abandoned';
  gatewayResponse: string;
  createdAt: string;
  paidAt: string | null;
  last4: string | null;
}

/**
 * A stand-in for Paystack that lives inside our server: the same initialize and verify answers
 * (envelope `{status, message, data}` and fields), a hosted checkout page (served by the server at
 * /payment-sandbox/checkout/{reference}) and a signed charge.success webhook. It keeps its
 * transactions in memory, as a test double of a remote service would.
 */
export class PaystackSandbox {
  private readonly transactions = new Map<string, SandboxTransaction>();
  private nextId = 1_000_001;

  constructor(readonly secretKey: string = `sk_test_sandbox_${randomBytes(16).toString('hex')}`) {}

  /** POST /transaction/initialize */
  initialize(body: { email: string; amount: number; reference: string; callback_url: string; currency?: string }) {
    const accessCode = randomBytes(8).toString('hex');
    const transaction: SandboxTransaction = {
      id: this.nextId++,
      reference: body.reference,
      accessCode,
      email: body.email,
      amount: body.amount,
      currency: body.currency ?? 'NGN',
      callbackUrl: body.callback_url,
      status: 'ongoing',
      gatewayResponse: 'Pending',
      createdAt: new Date().toISOString(),
      paidAt: null,
      last4: null,
    };
    this.transactions.set(body.reference, transaction);
    return {
      status: true,
      message: 'Authorization URL created',
      data: {
        authorization_url: `/payment-sandbox/checkout/${encodeURIComponent(body.reference)}`,
        access_code: accessCode,
        reference: body.reference,
      },
    };
  }

  /** GET /transaction/verify/{reference}; null data (404) for an unknown reference. */
  verify(reference: string) {
    const t = this.transactions.get(reference);
    if (!t) return { status: false, message: 'Transaction reference not found', data: null };
    return {
      status: true,
      message: 'Verification successful',
      data: {
        id: t.id,
        domain: 'test',
        status: t.status,
        reference: t.reference,
        receipt_number: null,
        amount: t.amount,
        message: null,
        gateway_response: t.gatewayResponse,
        paid_at: t.paidAt,
        created_at: t.createdAt,
        channel: 'card',
        currency: t.currency,
        ip_address: '127.0.0.1',
        metadata: '',
        log: null,
        fees: t.status === 'success' ? Math.min(200_000, Math.round(t.amount * 0.015)) : null,
        fees_split: null,
        authorization: {
          authorization_code: `AUTH_${t.accessCode}`,
          bin: '408408',
          last4: t.last4 ?? '4081',
          exp_month: '12',
          exp_year: '2030',
          channel: 'card',
          card_type: 'visa',
          bank: 'TEST BANK',
          country_code: 'NG',
          brand: 'visa',
          reusable: true,
          signature: `SIG_${t.accessCode}`,
          account_name: null,
        },
        customer: {
          id: t.id,
          first_name: null,
          last_name: null,
          email: t.email,
          customer_code: `CUS_${t.id}`,
          phone: null,
          metadata: null,
          risk_action: 'default',
          international_format_phone: null,
        },
        plan: null,
        split: {},
        order_id: null,
        pos_transaction_data: null,
        source: null,
        fees_breakdown: null,
        connect: null,
        paidAt: t.paidAt,
        createdAt: t.createdAt,
        requested_amount: t.amount,
        transaction_date: t.createdAt,
        plan_object: {},
        subaccount: {},
      },
    };
  }

  transaction(reference: string): Readonly<SandboxTransaction> | undefined {
    return this.transactions.get(reference);
  }

  /** The hosted page's form: the card decides; anything but the success card is declined. */
  pay(reference: string, cardNumber: string): SandboxTransaction | undefined {
    const t = this.transactions.get(reference);
    if (t?.status !== 'ongoing') return t;
    const digits = cardNumber.replace(/\D/g, '');
    t.last4 = digits.slice(-4) || null;
    if (digits === SANDBOX_SUCCESS_CARD) {
      t.status = 'success';
      t.gatewayResponse = 'Successful';
      t.paidAt = new Date().toISOString();
    } else {
      t.status = 'failed';
      t.gatewayResponse = digits === SANDBOX_DECLINED_CARD ? 'Declined' : 'Declined: unknown test card';
    }
    return t;
  }

  /** The charge.success event Paystack would post to the webhook. */
  webhookBody(reference: string): string {
    const { data } = this.verify(reference);
    return JSON.stringify({ event: 'charge.success', data });
  }
}

/** PaymentProvider over the in-process sandbox. */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(readonly sandbox: PaystackSandbox) {}

  async initialize(input: { email: string; amountKobo: number; reference: string; callbackUrl: string }) {
    const answer = this.sandbox.initialize({
      email: input.email,
      amount: input.amountKobo,
      reference: input.reference,
      callback_url: input.callbackUrl,
    });
    return { authorizationUrl: answer.data.authorization_url, reference: answer.data.reference };
  }

  async verify(reference: string): Promise<VerifiedTransaction | null> {
    return this.sandbox.verify(reference).data;
  }

  verifySignature(rawBody: string, signature: string | undefined) {
    return signatureMatches(this.sandbox.secretKey, rawBody, signature);
  }
}
