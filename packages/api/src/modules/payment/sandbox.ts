import { createHash, randomBytes } from 'node:crypto';
import type {
  PaymentProvider,
  ProviderBank,
  VerifiedRefund,
  VerifiedTransaction,
  VerifiedTransfer,
} from './provider.js';
import {
  ProviderRequestError,
  ProviderUnavailableError,
  signatureMatches,
  signBody,
  verifiedRefundOf,
  verifiedTransferOf,
} from './provider.js';

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

/** Documented test account numbers (docs/finance.md): this one does not resolve … */
export const SANDBOX_UNRESOLVABLE_ACCOUNT = '0000000000';
/** … and this one resolves, but every transfer to it fails. */
export const SANDBOX_FAILING_TRANSFER_ACCOUNT = '0000000009';

export const SANDBOX_RESOLVE_FAILURE = 'Could not resolve account name. Check parameters or try again.';

type PaystackBank = [
  id: number,
  name: string,
  slug: string,
  code: string,
  longcode: string,
  gateway: string | null,
  createdAt: string,
];

const LAUNCH = '2016-07-14T10:04:29.000Z';
/**
 * Nigerian banks as Paystack's GET /bank?country=nigeria lists them: Paystack's ids, slugs, codes and
 * long codes (names as Paystack shows them today, e.g. Paycom is now OPay).
 */
const PAYSTACK_BANKS: readonly PaystackBank[] = [
  [1, 'Access Bank', 'access-bank', '044', '044150149', 'emandate', LAUNCH],
  [2, 'Citibank Nigeria', 'citibank-nigeria', '023', '023150005', null, LAUNCH],
  [4, 'Ecobank Nigeria', 'ecobank-nigeria', '050', '050150010', null, LAUNCH],
  [6, 'Fidelity Bank', 'fidelity-bank', '070', '070150003', 'emandate', LAUNCH],
  [7, 'First Bank of Nigeria', 'first-bank-of-nigeria', '011', '011151003', 'ibank', LAUNCH],
  [8, 'First City Monument Bank', 'first-city-monument-bank', '214', '214150018', 'emandate', LAUNCH],
  [70, 'Globus Bank', 'globus-bank', '00103', '103015001', null, '2020-02-11T15:38:57.000Z'],
  [9, 'Guaranty Trust Bank', 'guaranty-trust-bank', '058', '058152036', 'ibank', LAUNCH],
  [10, 'Heritage Bank', 'heritage-bank', '030', '030159992', null, LAUNCH],
  [22, 'Jaiz Bank', 'jaiz-bank', '301', '301080020', null, '2016-10-10T17:26:29.000Z'],
  [11, 'Keystone Bank', 'keystone-bank', '082', '082150017', null, LAUNCH],
  [67, 'Kuda Bank', 'kuda-bank', '50211', '', 'digitalbankmandate', '2019-11-15T17:06:54.000Z'],
  [688, 'Moniepoint MFB', 'moniepoint-mfb-ng', '50515', '', null, '2023-03-20T12:53:58.000Z'],
  [171, 'OPay Digital Services Limited (OPay)', 'paycom', '999992', '', null, '2020-11-24T10:20:45.000Z'],
  [169, 'PalmPay', 'palmpay', '999991', '', null, '2020-11-24T09:58:37.000Z'],
  [26, 'Parallex Bank', 'parallex-bank', '104', '', null, '2017-03-31T13:54:29.000Z'],
  [13, 'Polaris Bank', 'polaris-bank', '076', '076151006', null, LAUNCH],
  [25, 'Providus Bank', 'providus-bank', '101', '', null, '2017-03-27T16:09:29.000Z'],
  [14, 'Stanbic IBTC Bank', 'stanbic-ibtc-bank', '221', '221159522', null, LAUNCH],
  [15, 'Standard Chartered Bank', 'standard-chartered-bank', '068', '068150015', null, LAUNCH],
  [16, 'Sterling Bank', 'sterling-bank', '232', '232150016', 'emandate', LAUNCH],
  [23, 'SunTrust Bank', 'suntrust-bank', '100', '', null, '2016-10-10T17:26:29.000Z'],
  [73, 'Titan Trust Bank', 'titan-trust-bank', '102', '', null, '2020-06-23T09:04:54.000Z'],
  [17, 'Union Bank of Nigeria', 'union-bank-of-nigeria', '032', '032080474', 'emandate', LAUNCH],
  [18, 'United Bank For Africa', 'united-bank-for-africa', '033', '033153513', 'emandate', LAUNCH],
  [19, 'Unity Bank', 'unity-bank', '215', '215154097', 'emandate', LAUNCH],
  [20, 'Wema Bank', 'wema-bank', '035', '035150103', null, LAUNCH],
  [21, 'Zenith Bank', 'zenith-bank', '057', '057150013', 'emandate', LAUNCH],
];

/** Names an account resolves to: common Nigerian first names and surnames (Yoruba, Igbo, Hausa, others). */
const FIRST_NAMES = [
  'ADEBAYO',
  'ADAEZE',
  'AISHA',
  'AMINU',
  'BOLANLE',
  'CHIDI',
  'CHIOMA',
  'DAMILOLA',
  'EMEKA',
  'FATIMA',
  'FUNMILAYO',
  'GBENGA',
  'HAUWA',
  'IBRAHIM',
  'IFEOMA',
  'KELECHI',
  'MUSA',
  'NGOZI',
  'OLUWASEUN',
  'SADIQ',
  'TEMITOPE',
  'TUNDE',
  'UCHENNA',
  'YETUNDE',
  'ZAINAB',
  'BLESSING',
  'EFE',
  'NNAMDI',
  'OBINNA',
  'HALIMA',
];
const MIDDLE_NAMES = ['ADE', 'CHINEDU', 'OLUWAFEMI', 'NKECHI', 'ABUBAKAR', 'AYO', 'EBERE', 'KEHINDE', 'SANI', 'TOBI'];
const SURNAMES = [
  'ADEYEMI',
  'ABUBAKAR',
  'BELLO',
  'CHUKWU',
  'EZE',
  'FASHOLA',
  'IBEKWE',
  'LAWAL',
  'MOHAMMED',
  'NWOSU',
  'OKAFOR',
  'OKONKWO',
  'OLADIPO',
  'OYELARAN',
  'SALAMI',
  'USMAN',
  'YUSUF',
  'ADEBOWALE',
  'EKWUEME',
  'OGUNLEYE',
  'IDOWU',
  'DANJUMA',
];

/** The name the sandbox's banks hold for an account: derived from a hash, so the same input gives the same name. */
export function sandboxAccountName(bankCode: string, accountNumber: string): string {
  const hash = createHash('sha256').update(`${bankCode}:${accountNumber}`).digest();
  const first = FIRST_NAMES[hash.readUInt16BE(0) % FIRST_NAMES.length];
  const middle = MIDDLE_NAMES[hash.readUInt16BE(2) % MIDDLE_NAMES.length];
  const last = SURNAMES[hash.readUInt16BE(4) % SURNAMES.length];
  // About a third of accounts carry a middle name, as bank records often do.
  return hash.readUInt8(6) % 3 === 0 ? `${first} ${middle} ${last}` : `${first} ${last}`;
}

interface SandboxRecipient {
  id: number;
  code: string;
  name: string;
  accountNumber: string;
  accountName: string;
  bankCode: string;
  bankName: string;
  createdAt: string;
  updatedAt: string;
}

export type SandboxTransferStatus = 'pending' | 'success' | 'failed' | 'reversed';

interface SandboxTransfer {
  id: number;
  transferCode: string;
  reference: string;
  amount: number;
  reason: string;
  recipient: SandboxRecipient;
  status: SandboxTransferStatus;
  gatewayResponse: string | null;
  createdAt: string;
  updatedAt: string;
  transferredAt: string | null;
}

export type SandboxRefundStatus = 'pending' | 'processing' | 'processed' | 'failed';

interface SandboxRefund {
  id: number;
  transaction: SandboxTransaction;
  amount: number;
  status: SandboxRefundStatus;
  merchantNote: string;
  createdAt: string;
  updatedAt: string;
  refundedAt: string | null;
}

/** What the sandbox answers when a refund would exceed what is left of the transaction (as Paystack does). */
export const SANDBOX_REFUND_TOO_MUCH = 'Refund amount cannot be more than the transaction amount';
/** What it answers for a refund of the same amount while another of that transaction and amount is in progress. */
export const SANDBOX_REFUND_IN_PROGRESS = 'A refund of this amount is already in progress for this transaction';

/** Paystack's refusals: status false with a message (and the HTTP status it is sent with). */
export interface SandboxFailure {
  status: false;
  message: string;
  /** A tag for the kind of error. */
  type: string;
  code: 'validation_error' | 'processor_error' | 'api_error';
  meta: { nextStep: string };
  httpStatus: number;
}

const failure = (
  httpStatus: number,
  message: string,
  type: string,
  code: SandboxFailure['code'] = 'validation_error',
): SandboxFailure => ({
  status: false,
  message,
  type,
  code,
  meta: { nextStep: 'Ensure that you provide the correct value for the fields in the request' },
  httpStatus,
});

/** The integration id the sandbox answers as (Paystack puts the caller's integration on its records). */
const INTEGRATION_ID = 463_433;

/**
 * A stand-in for Paystack that lives inside our server: the same initialize and verify answers
 * (envelope `{status, message, data}` and fields), a hosted checkout page (served by the server at
 * /payment-sandbox/checkout/{reference}) and a signed charge.success webhook. It keeps its
 * transactions in memory, as a test double of a remote service would.
 */
export class PaystackSandbox {
  private readonly transactions = new Map<string, SandboxTransaction>();
  private nextId = 1_000_001;
  private readonly recipients = new Map<string, SandboxRecipient>();
  private readonly transfers = new Map<string, SandboxTransfer>();
  private readonly transferRequests = new Map<string, number>();
  private nextRecipientId = 2_000_001;
  private nextTransferId = 3_000_001;
  private readonly refunds = new Map<number, SandboxRefund>();
  private readonly refundRequests = new Map<string, number>();
  private nextRefundId = 4_000_001;

  /**
   * Where settled transfers' events go: the server posts the signed body to its webhook. Without a hook
   * the events are dropped (a unit test reads the state with verifyTransfer instead).
   */
  onWebhook: ((rawBody: string, signature: string) => void) | null = null;
  /** Tests: transfers stay `pending` until settleTransfer() is called. */
  holdTransfers = false;
  /** Tests: every provider call throws ProviderUnavailableError, as if Paystack could not be reached. */
  unavailable = false;
  /** Tests: refunds stay `pending` until settleRefund() is called. */
  holdRefunds = false;

  constructor(readonly secretKey: string = `sk_test_sandbox_${randomBytes(16).toString('hex')}`) {}

  /** GET /bank?country=nigeria&currency=NGN */
  listBanks() {
    return {
      status: true as const,
      message: 'Banks retrieved',
      data: PAYSTACK_BANKS.map(([id, name, slug, code, longcode, gateway, createdAt]) => ({
        id,
        name,
        slug,
        code,
        longcode,
        gateway,
        pay_with_bank: gateway === 'digitalbankmandate' || gateway === 'ibank',
        supports_transfer: true,
        available_for_direct_debit: gateway === 'emandate' || gateway === 'digitalbankmandate',
        active: true,
        is_deleted: false,
        country: 'Nigeria',
        currency: 'NGN',
        type: 'nuban',
        createdAt,
        updatedAt: createdAt,
      })),
      meta: { next: null, previous: null, perPage: 100 },
    };
  }

  private bank(code: string) {
    return PAYSTACK_BANKS.find((bank) => bank[3] === code);
  }

  /** GET /bank/resolve?account_number=&bank_code= */
  resolveAccount(accountNumber: string, bankCode: string) {
    const bank = this.bank(bankCode);
    if (!bank) return failure(422, `Unknown bank code: ${bankCode}`, 'invalid_bank_code');
    if (!/^\d{10}$/.test(accountNumber) || accountNumber === SANDBOX_UNRESOLVABLE_ACCOUNT) {
      return failure(422, SANDBOX_RESOLVE_FAILURE, 'invalid_bank_code');
    }
    return {
      status: true as const,
      message: 'Account number resolved',
      data: {
        account_number: accountNumber,
        account_name: sandboxAccountName(bankCode, accountNumber),
        bank_id: bank[0],
      },
    };
  }

  /** POST /transferrecipient (nuban, NGN). As Paystack does, the same account answers its existing recipient. */
  createTransferRecipient(body: {
    type: string;
    name: string;
    account_number: string;
    bank_code: string;
    currency?: string;
  }) {
    if (body.type !== 'nuban') return failure(400, 'Recipient type is invalid', 'invalid_params');
    if ((body.currency ?? 'NGN') !== 'NGN') return failure(400, 'Currency is not supported', 'invalid_params');
    if (!body.name?.trim()) return failure(400, 'Name is required', 'invalid_params');
    const resolved = this.resolveAccount(body.account_number, body.bank_code);
    if (!resolved.status) return failure(422, 'Cannot resolve account', 'invalid_bank_code');
    const key = `${body.bank_code}:${body.account_number}`;
    let recipient = this.recipients.get(key);
    if (!recipient) {
      const now = new Date().toISOString();
      const id = this.nextRecipientId++;
      recipient = {
        id,
        code: `RCP_${randomBytes(8).toString('hex').slice(0, 15)}`,
        name: body.name.trim(),
        accountNumber: body.account_number,
        accountName: resolved.data.account_name,
        bankCode: body.bank_code,
        bankName: this.bank(body.bank_code)?.[1] ?? '',
        createdAt: now,
        updatedAt: now,
      };
      this.recipients.set(key, recipient);
    }
    return {
      status: true as const,
      message: 'Transfer recipient created successfully',
      data: this.recipientData(recipient),
    };
  }

  private recipientData(r: SandboxRecipient) {
    return {
      active: true,
      createdAt: r.createdAt,
      currency: 'NGN',
      description: '',
      domain: 'test',
      email: '',
      id: r.id,
      integration: INTEGRATION_ID,
      metadata: null,
      name: r.name,
      recipient_code: r.code,
      type: 'nuban',
      updatedAt: r.updatedAt,
      is_deleted: false,
      isDeleted: false,
      details: {
        authorization_code: null,
        account_number: r.accountNumber,
        account_name: r.accountName,
        bank_code: r.bankCode,
        bank_name: r.bankName,
      },
    };
  }

  private recipientByCode(code: string) {
    for (const r of this.recipients.values()) if (r.code === code) return r;
    return undefined;
  }

  /**
   * POST /transfer (source balance). A reference already seen answers the transfer made with it, never a
   * second one. The transfer settles shortly after (success, or failed to SANDBOX_FAILING_TRANSFER_ACCOUNT)
   * unless holdTransfers is set.
   */
  transfer(body: {
    source: string;
    amount: number;
    recipient: string;
    reference: string;
    reason?: string;
    currency?: string;
  }) {
    this.transferRequests.set(body.reference, (this.transferRequests.get(body.reference) ?? 0) + 1);
    const existing = this.transfers.get(body.reference);
    if (existing) {
      return { status: true as const, message: 'Transfer has been queued', data: this.transferCreateData(existing) };
    }
    if (body.source !== 'balance') return failure(400, 'Invalid transfer source', 'invalid_params');
    if ((body.currency ?? 'NGN') !== 'NGN') return failure(400, 'Currency is not supported', 'invalid_params');
    if (!Number.isInteger(body.amount) || body.amount < 100) {
      return failure(400, 'Amount must be a whole number of kobo, at least 100', 'invalid_params');
    }
    const recipient = this.recipientByCode(body.recipient);
    if (!recipient) return failure(400, 'Recipient specified is invalid', 'invalid_params');
    const now = new Date().toISOString();
    const transfer: SandboxTransfer = {
      id: this.nextTransferId++,
      transferCode: `TRF_${randomBytes(8).toString('hex').slice(0, 15)}`,
      reference: body.reference,
      amount: body.amount,
      reason: body.reason ?? '',
      recipient,
      status: 'pending',
      gatewayResponse: null,
      createdAt: now,
      updatedAt: now,
      transferredAt: null,
    };
    this.transfers.set(body.reference, transfer);
    if (!this.holdTransfers) {
      const outcome = recipient.accountNumber === SANDBOX_FAILING_TRANSFER_ACCOUNT ? 'failed' : 'success';
      setImmediate(() => this.settleTransfer(body.reference, outcome));
    }
    return { status: true as const, message: 'Transfer has been queued', data: this.transferCreateData(transfer) };
  }

  private transferCreateData(t: SandboxTransfer) {
    return {
      transfersessionid: [],
      transfertrials: [],
      domain: 'test',
      amount: t.amount,
      currency: 'NGN',
      reference: t.reference,
      source: 'balance',
      source_details: null,
      reason: t.reason,
      status: t.status,
      failures: null,
      transfer_code: t.transferCode,
      titan_code: null,
      transferred_at: t.transferredAt,
      id: t.id,
      integration: INTEGRATION_ID,
      request: t.id,
      recipient: t.recipient.id,
      createdAt: t.createdAt,
      updatedAt: t.updatedAt,
    };
  }

  /** GET /transfer/verify/{reference}; status false (404) for an unknown reference. */
  verifyTransfer(reference: string) {
    const t = this.transfers.get(reference);
    if (!t) return { ...failure(404, 'Transfer not found', 'not_found', 'api_error'), data: null };
    return { status: true as const, message: 'Transfer retrieved', data: this.transferData(t) };
  }

  private transferData(t: SandboxTransfer) {
    return {
      amount: t.amount,
      createdAt: t.createdAt,
      currency: 'NGN',
      domain: 'test',
      failures: null,
      id: t.id,
      integration: INTEGRATION_ID,
      reason: t.reason,
      reference: t.reference,
      source: 'balance',
      source_details: null,
      status: t.status,
      titan_code: null,
      transfer_code: t.transferCode,
      transferred_at: t.transferredAt,
      updatedAt: t.updatedAt,
      recipient: this.recipientData(t.recipient),
      session: { provider: t.status === 'success' ? 'nip' : null, id: t.status === 'success' ? `0900${t.id}` : null },
      gateway_response: t.gatewayResponse,
    };
  }

  /** How many POST /transfer requests carried this reference (tests assert a payout was sent once). */
  transferRequestCount(reference: string): number {
    return this.transferRequests.get(reference) ?? 0;
  }

  /** How many distinct transfers the sandbox made (each reference at most once). */
  get transferCount(): number {
    return this.transfers.size;
  }

  /**
   * Ends a pending transfer as Paystack would and emits `transfer.success` / `transfer.failed`. False when
   * the reference is unknown or the transfer already settled.
   */
  settleTransfer(reference: string, outcome: 'success' | 'failed'): boolean {
    const t = this.transfers.get(reference);
    if (t?.status !== 'pending') return false;
    const now = new Date().toISOString();
    t.status = outcome;
    t.updatedAt = now;
    if (outcome === 'success') {
      t.transferredAt = now;
      t.gatewayResponse = 'Approved or completed successfully';
    } else {
      t.gatewayResponse = 'Beneficiary account could not be credited';
    }
    this.emit(`transfer.${outcome}`, t);
    return true;
  }

  /** A successful (or pending) transfer comes back: status reversed, and `transfer.reversed` is emitted. */
  reverseTransfer(reference: string): boolean {
    const t = this.transfers.get(reference);
    if (!t || (t.status !== 'success' && t.status !== 'pending')) return false;
    t.status = 'reversed';
    t.updatedAt = new Date().toISOString();
    t.gatewayResponse = 'Transfer reversed by the beneficiary bank';
    this.emit('transfer.reversed', t);
    return true;
  }

  /** The signed body of a transfer event (what Paystack posts to the webhook). */
  transferWebhookBody(event: string, reference: string): string | null {
    const t = this.transfers.get(reference);
    return t ? JSON.stringify({ event, data: this.transferData(t) }) : null;
  }

  private emit(event: string, t: SandboxTransfer) {
    const body = JSON.stringify({ event, data: this.transferData(t) });
    this.onWebhook?.(body, signBody(this.secretKey, body));
  }

  /**
   * POST /refund {transaction, amount?, merchant_note?}: a full or partial refund of a successful transaction,
   * never more than its amount minus its earlier refunds that did not fail. It is `pending`, then `processed`
   * shortly after (with a signed refund.processed event) unless holdRefunds is set.
   */
  refund(body: { transaction: string; amount?: number; currency?: string; merchant_note?: string }) {
    this.refundRequests.set(body.transaction, (this.refundRequests.get(body.transaction) ?? 0) + 1);
    const t = this.transactions.get(body.transaction);
    if (!t) return failure(404, 'Transaction reference not found', 'not_found', 'api_error');
    if (t.status !== 'success')
      return failure(400, 'Cannot refund a transaction that was not successful', 'invalid_params');
    if ((body.currency ?? t.currency) !== t.currency)
      return failure(400, 'Currency is not supported', 'invalid_params');
    const earlier = this.refundsOf(t.reference).filter((r) => r.status !== 'failed');
    const left = t.amount - earlier.reduce((sum, r) => sum + r.amount, 0);
    const amount = body.amount ?? left;
    if (!Number.isInteger(amount) || amount < 1) {
      return failure(400, 'Amount must be a whole number of kobo, at least 1', 'invalid_params');
    }
    if (left <= 0) return failure(400, 'Transaction has been fully reversed', 'invalid_params');
    if (amount > left) return failure(400, SANDBOX_REFUND_TOO_MUCH, 'invalid_params');
    if (earlier.some((r) => r.amount === amount && (r.status === 'pending' || r.status === 'processing'))) {
      return failure(400, SANDBOX_REFUND_IN_PROGRESS, 'invalid_params');
    }
    const now = new Date().toISOString();
    const refund: SandboxRefund = {
      id: this.nextRefundId++,
      transaction: t,
      amount,
      status: 'pending',
      merchantNote: body.merchant_note ?? '',
      createdAt: now,
      updatedAt: now,
      refundedAt: null,
    };
    this.refunds.set(refund.id, refund);
    if (!this.holdRefunds) setImmediate(() => this.settleRefund(refund.id, 'processed'));
    return {
      status: true as const,
      message: 'Refund has been queued for processing',
      data: {
        transaction: {
          id: t.id,
          domain: 'test',
          reference: t.reference,
          amount: t.amount,
          paid_at: t.paidAt ?? t.createdAt,
          channel: 'card',
          currency: t.currency,
          authorization: { exp_month: null, exp_year: null, account_name: null },
          customer: { international_format_phone: null },
          plan: {},
          subaccount: { currency: null },
          split: {},
          order_id: null,
          paidAt: t.paidAt ?? t.createdAt,
          pos_transaction_data: null,
          source: null,
          fees_breakdown: null,
        },
        integration: INTEGRATION_ID,
        deducted_amount: 0,
        channel: null,
        merchant_note: refund.merchantNote,
        customer_note: `Refund for transaction ${t.reference}`,
        status: refund.status,
        refunded_by: 'sandbox@caps.test',
        expected_at: new Date(Date.now() + 5 * 86_400_000).toISOString(),
        currency: t.currency,
        domain: 'test',
        amount: refund.amount,
        fully_deducted: false,
        id: refund.id,
        createdAt: refund.createdAt,
        updatedAt: refund.updatedAt,
      },
    };
  }

  private refundsOf(reference: string): SandboxRefund[] {
    return [...this.refunds.values()].filter((r) => r.transaction.reference === reference);
  }

  private refundData(r: SandboxRefund) {
    return {
      integration: INTEGRATION_ID,
      transaction: r.transaction.id,
      dispute: null,
      settlement: null,
      id: r.id,
      domain: 'test',
      currency: r.transaction.currency,
      amount: r.amount,
      status: r.status,
      refunded_at: r.refundedAt,
      refunded_by: 'sandbox@caps.test',
      customer_note: `Refund for transaction ${r.transaction.reference}`,
      merchant_note: r.merchantNote,
      deducted_amount: r.status === 'processed' ? r.amount : 0,
      fully_deducted: r.status === 'processed' ? 1 : 0,
      createdAt: r.createdAt,
      bank_reference: null,
      transaction_reference: r.transaction.reference,
      reason: r.merchantNote,
      customer: {
        id: r.transaction.id,
        first_name: '',
        last_name: '',
        email: r.transaction.email,
        customer_code: `CUS_${r.transaction.id}`,
        phone: '',
        metadata: '',
        risk_action: 'default',
        international_format_phone: '',
      },
      refund_type: r.amount === r.transaction.amount ? 'full' : 'partial',
      transaction_amount: r.transaction.amount,
      initiated_by: 'merchant',
      refund_channel: 'card',
      session_id: null,
      collect_account_number: false,
    };
  }

  /** GET /refund/{id}; status false (404) for an unknown id. */
  fetchRefund(id: number | string) {
    const r = this.refunds.get(Number(id));
    if (!r) return { ...failure(404, 'Refund not found', 'not_found', 'api_error'), data: null };
    return { status: true as const, message: 'Refund retrieved', data: this.refundData(r) };
  }

  /** GET /refund?transaction=…: the refunds of a transaction (every refund without one), newest first. */
  listRefunds(query: { transaction?: string } = {}) {
    const list = [...this.refunds.values()]
      .filter((r) => !query.transaction || r.transaction.reference === query.transaction)
      .sort((a, b) => b.id - a.id);
    return {
      status: true as const,
      message: 'Refunds retrieved',
      data: list.map((r) => this.refundData(r)),
      meta: {
        total: list.length,
        skipped: 0,
        perPage: '50',
        page: 1,
        pageCount: 1,
        failedRefundCount: list.filter((r) => r.status === 'failed').length,
      },
    };
  }

  /** How many POST /refund requests named this transaction (tests assert a refund was sent once). */
  refundRequestCount(reference: string): number {
    return this.refundRequests.get(reference) ?? 0;
  }

  /** The ids of a transaction's refunds, oldest first (tests). */
  refundIds(reference: string): number[] {
    return this.refundsOf(reference)
      .map((r) => r.id)
      .sort((a, b) => a - b);
  }

  /**
   * Ends a pending refund as Paystack would and emits `refund.processed` / `refund.failed`. False when the
   * id is unknown or the refund already ended.
   */
  settleRefund(id: number | string, outcome: 'processed' | 'failed'): boolean {
    const r = this.refunds.get(Number(id));
    if (r?.status !== 'pending' && r?.status !== 'processing') return false;
    const now = new Date().toISOString();
    r.status = outcome;
    r.updatedAt = now;
    if (outcome === 'processed') r.refundedAt = now;
    this.emitRefund(`refund.${outcome}`, r);
    return true;
  }

  /** The signed body of a refund event, as Paystack posts it to the webhook (null for an unknown id). */
  refundWebhookBody(event: string, id: number | string): string | null {
    const r = this.refunds.get(Number(id));
    return r ? JSON.stringify({ event, data: this.refundEventData(r) }) : null;
  }

  private refundEventData(r: SandboxRefund) {
    return {
      id: String(r.id),
      status: r.status,
      transaction_reference: r.transaction.reference,
      refund_reference: r.status === 'processed' ? `RFD_${r.id}` : null,
      amount: r.amount,
      currency: r.transaction.currency,
      processor: 'sandbox',
      customer: { first_name: '', last_name: '', email: r.transaction.email },
      integration: INTEGRATION_ID,
      domain: 'test',
    };
  }

  private emitRefund(event: string, r: SandboxRefund) {
    const body = JSON.stringify({ event, data: this.refundEventData(r) });
    this.onWebhook?.(body, signBody(this.secretKey, body));
  }

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

  private reachable(what: string) {
    if (this.sandbox.unavailable) throw new ProviderUnavailableError(`Payment sandbox ${what}: switched off`);
  }

  async listBanks(): Promise<ProviderBank[]> {
    this.reachable('bank list');
    return this.sandbox.listBanks().data.map((bank) => ({ name: bank.name, code: bank.code }));
  }

  async resolveAccount(accountNumber: string, bankCode: string) {
    this.reachable('resolve');
    const answer = this.sandbox.resolveAccount(accountNumber, bankCode);
    return answer.status ? { accountName: answer.data.account_name } : null;
  }

  async createTransferRecipient(input: { name: string; accountNumber: string; bankCode: string }) {
    this.reachable('transfer recipient');
    const answer = this.sandbox.createTransferRecipient({
      type: 'nuban',
      name: input.name,
      account_number: input.accountNumber,
      bank_code: input.bankCode,
      currency: 'NGN',
    });
    if (!answer.status) throw new ProviderRequestError(answer.message, answer.httpStatus);
    return { recipientCode: answer.data.recipient_code };
  }

  async transfer(input: { amountKobo: number; recipientCode: string; reference: string; reason: string }) {
    this.reachable('transfer');
    const answer = this.sandbox.transfer({
      source: 'balance',
      amount: input.amountKobo,
      recipient: input.recipientCode,
      reference: input.reference,
      reason: input.reason,
      currency: 'NGN',
    });
    if (!answer.status) throw new ProviderRequestError(answer.message, answer.httpStatus);
    return { transferCode: answer.data.transfer_code, status: answer.data.status };
  }

  async verifyTransfer(reference: string): Promise<VerifiedTransfer | null> {
    this.reachable('transfer verify');
    const answer = this.sandbox.verifyTransfer(reference);
    return answer.status ? verifiedTransferOf(answer.data) : null;
  }
  async refund(input: { transactionReference: string; amountKobo: number; reason: string }): Promise<VerifiedRefund> {
    this.reachable('refund');
    const answer = this.sandbox.refund({
      transaction: input.transactionReference,
      amount: input.amountKobo,
      currency: 'NGN',
      merchant_note: input.reason,
    });
    if (!answer.status) throw new ProviderRequestError(answer.message, answer.httpStatus);
    const refund = verifiedRefundOf({ ...answer.data, transaction_reference: answer.data.transaction.reference });
    if (!refund) throw new ProviderUnavailableError('Payment sandbox answered a refund without its id');
    return refund;
  }

  async fetchRefund(refundId: string): Promise<VerifiedRefund | null> {
    this.reachable('refund fetch');
    if (!/^\d+$/.test(refundId)) return null;
    const answer = this.sandbox.fetchRefund(refundId);
    return answer.status ? verifiedRefundOf(answer.data) : null;
  }

  async listRefunds(transactionReference: string): Promise<VerifiedRefund[]> {
    this.reachable('refund list');
    return this.sandbox
      .listRefunds({ transaction: transactionReference })
      .data.map((data) => verifiedRefundOf(data))
      .filter((r): r is VerifiedRefund => r !== null);
  }
}
