import { createHash, randomBytes } from 'node:crypto';
import type { Em, Orm } from '../../db/orm.js';
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
  refundsOfTransaction,
  signatureMatches,
  signBody,
  verifiedRefundOf,
  verifiedTransferOf,
} from './provider.js';
import {
  type SandboxRecipient as RecipientRow,
  type SandboxRefund as RefundRow,
  SandboxRecipientSchema,
  SandboxRefundSchema,
  SandboxRequestSchema,
  SandboxSettingsSchema,
  SandboxTransactionSchema,
  SandboxTransferSchema,
  SandboxWebhookSchema,
  type SandboxTransaction as TransactionRow,
  type SandboxTransfer as TransferRow,
} from './sandbox.entities.js';

/** Paystack's test cards: this one succeeds, and 4084 0800 0000 5408 is declined. */
export const SANDBOX_SUCCESS_CARD = '4084084084084081';
export const SANDBOX_DECLINED_CARD = '4084080000005408';

/** A transaction as the sandbox answers it (dates as Paystack's ISO strings). */
export interface SandboxTransactionView {
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

export type SandboxTransferStatus = 'pending' | 'success' | 'failed' | 'reversed';
export type SandboxRefundStatus = 'pending' | 'processing' | 'processed' | 'failed';

/**
 * Paystack's ids are numbers; each kind of record answers its row id plus its own offset, so a
 * transaction, a recipient, a transfer and a refund never share an id (as the in-memory sandbox did).
 */
const TRANSACTION_IDS = 1_000_000;
const RECIPIENT_IDS = 2_000_000;
const TRANSFER_IDS = 3_000_000;
const REFUND_IDS = 4_000_000;

/**
 * A transfer or refund not held by a test is settled by the process that made it, right after answering.
 * Should that process stop first, the next verify or fetch by any process settles it once it is this old.
 */
const SETTLE_OVERDUE_MS = 5_000;

/**
 * When Paystack tries a webhook again after an attempt that got no 2xx: every 3 minutes for the first 4
 * tries, then hourly, for 72 hours from the event. null: no more tries.
 */
export function nextWebhookAttempt(attemptsMade: number, createdAt: Date, now: Date): Date | null {
  const next = new Date(now.getTime() + (attemptsMade < 4 ? 3 : 60) * 60_000);
  return next.getTime() - createdAt.getTime() > 72 * 3_600_000 ? null : next;
}

/** The longest merchant reference the sandbox keeps (Paystack's own limit is about this). */
const MAX_REFERENCE = 100;

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

function transactionView(t: TransactionRow): SandboxTransactionView {
  return {
    id: TRANSACTION_IDS + t.id,
    reference: t.reference,
    accessCode: t.accessCode,
    email: t.email,
    amount: t.amount,
    currency: t.currency,
    callbackUrl: t.callbackUrl,
    status: t.status,
    gatewayResponse: t.gatewayResponse,
    createdAt: t.createdAt.toISOString(),
    paidAt: iso(t.paidAt),
    last4: t.last4 ?? null,
  };
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

/** A refusal decided inside a database transaction: thrown to roll it back, answered by the caller. */
class Refusal extends Error {
  constructor(readonly failure: SandboxFailure) {
    super(failure.message);
  }
}

/** The refund row id behind a refund id the sandbox answered, or null when it cannot be one. */
function refundRowId(id: number | string): number | null {
  const n = Number(id);
  return Number.isSafeInteger(n) && n > REFUND_IDS ? n - REFUND_IDS : null;
}

/**
 * A stand-in for Paystack that lives inside our server: the same initialize and verify answers
 * (envelope `{status, message, data}` and fields), a hosted checkout page (served by the server at
 * /payment-sandbox/checkout/{reference}) and signed webhooks.
 *
 * Its records (transactions, recipients, transfers, refunds, the requests it was sent) are rows of our
 * database (sandbox.entities.ts), so any number of server processes on one database act as one Paystack:
 * a payment initialized through one process can be paid on another's hosted page and verified on a
 * third, and a restart loses nothing. Every change of state is a conditional update (`where status =
 * 'ongoing'`, `where status = 'pending'`) or an insert under a unique key (reference, bank account), so
 * two processes acting on the same record at once apply it once.
 *
 * The switches below (holdTransfers, holdRefunds, unavailable, onWebhook) are this process's test
 * controls, not records: a transfer or refund remembers whether it was made held.
 */
export class PaystackSandbox {
  /**
   * Where events go (charge.success, settled transfers and refunds): the server posts the signed body to its
   * webhook and answers whether it got a 2xx. An event that was not delivered (no hook, a throw, `false`) is
   * tried again later by deliverDueWebhooks(), as Paystack retries.
   */
  onWebhook: ((rawBody: string, signature: string) => unknown) | null = null;
  /** Tests: transfers stay `pending` until settleTransfer() is called. */
  holdTransfers = false;
  /** Tests: every provider call throws ProviderUnavailableError, as if Paystack could not be reached. */
  unavailable = false;
  /** Tests: refunds stay `pending` until settleRefund() is called. */
  holdRefunds = false;
  /** Settlements started by this process and not finished yet (idle() waits for them). */
  private readonly background = new Set<Promise<unknown>>();

  /**
   * The secret key signs the sandbox's webhooks, so every process must hold the same one. It is a row
   * of the database (sandbox_settings), created by whichever process opens the sandbox first (an insert
   * ignored on conflict, so two processes starting at once still agree) and read by every other. No
   * setting is needed: the processes that must agree on the key are exactly those sharing the
   * sandbox's records, i.e. its database, and a key kept there can never differ between them (an
   * environment variable could be forgotten or mistyped on one replica).
   */
  static async open(orm: Orm): Promise<PaystackSandbox> {
    const em = orm.em.fork() as Em;
    await em
      .createQueryBuilder(SandboxSettingsSchema)
      .insert({ id: 1, secretKey: `sk_test_sandbox_${randomBytes(16).toString('hex')}`, createdAt: new Date() })
      .onConflict('id')
      .ignore()
      .execute('run');
    const settings = await em.findOneOrFail(SandboxSettingsSchema, { id: 1 });
    return new PaystackSandbox(orm, settings.secretKey);
  }

  /** Use open(): it reads the shared secret key. */
  private constructor(
    private readonly orm: Orm,
    readonly secretKey: string,
  ) {}

  private em(): Em {
    return this.orm.em.fork() as Em;
  }

  /**
   * Runs a settlement on its own time (as Paystack does, shortly after answering). A failure (the
   * database closing under a test, a lost connection) leaves the record pending, which the next
   * verify or fetch settles once it is overdue.
   */
  private later(task: () => Promise<unknown>) {
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch(() => undefined)
      .finally(() => this.background.delete(run));
    this.background.add(run);
  }

  /** Waits until the settlements this process started have finished (tests). */
  async idle(): Promise<void> {
    while (this.background.size > 0) await Promise.all([...this.background]);
  }

  private async recordRequest(em: Em, kind: 'transfer' | 'refund', key: string) {
    await em
      .createQueryBuilder(SandboxRequestSchema)
      .insert({ kind, key: String(key).slice(0, MAX_REFERENCE), createdAt: new Date() })
      .execute('run');
  }

  private async requestCount(kind: 'transfer' | 'refund', key: string): Promise<number> {
    return this.em().count(SandboxRequestSchema, { kind, key });
  }

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
  async createTransferRecipient(body: {
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
    const em = this.em();
    const now = new Date();
    // One recipient per account, whichever process asks first: the loser of a race reads the winner's.
    await em
      .createQueryBuilder(SandboxRecipientSchema)
      .insert({
        code: `RCP_${randomBytes(8).toString('hex').slice(0, 15)}`,
        name: body.name.trim().slice(0, 255),
        accountNumber: body.account_number,
        accountName: resolved.data.account_name,
        bankCode: body.bank_code,
        bankName: this.bank(body.bank_code)?.[1] ?? '',
        createdAt: now,
        updatedAt: now,
      })
      .onConflict(['bankCode', 'accountNumber'])
      .ignore()
      .execute('run');
    const recipient = await em.findOneOrFail(SandboxRecipientSchema, {
      bankCode: body.bank_code,
      accountNumber: body.account_number,
    });
    return {
      status: true as const,
      message: 'Transfer recipient created successfully',
      data: this.recipientData(recipient),
    };
  }

  private recipientData(r: RecipientRow) {
    return {
      active: true,
      createdAt: r.createdAt.toISOString(),
      currency: 'NGN',
      description: '',
      domain: 'test',
      email: '',
      id: RECIPIENT_IDS + r.id,
      integration: INTEGRATION_ID,
      metadata: null,
      name: r.name,
      recipient_code: r.code,
      type: 'nuban',
      updatedAt: r.updatedAt.toISOString(),
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

  private findTransfer(em: Em, reference: string) {
    return em.findOne(SandboxTransferSchema, { reference }, { populate: ['recipient'] });
  }

  /**
   * POST /transfer (source balance). A reference already seen answers the transfer made with it, never a
   * second one (the reference is unique: of two processes sending it at once, one inserts and the other
   * reads that transfer). The transfer settles shortly after (success, or failed to
   * SANDBOX_FAILING_TRANSFER_ACCOUNT) unless holdTransfers is set.
   */
  async transfer(body: {
    source: string;
    amount: number;
    recipient: string;
    reference: string;
    reason?: string;
    currency?: string;
  }) {
    const em = this.em();
    await this.recordRequest(em, 'transfer', body.reference);
    const existing = await this.findTransfer(em, body.reference);
    if (existing) {
      return { status: true as const, message: 'Transfer has been queued', data: this.transferCreateData(existing) };
    }
    if (body.source !== 'balance') return failure(400, 'Invalid transfer source', 'invalid_params');
    if ((body.currency ?? 'NGN') !== 'NGN') return failure(400, 'Currency is not supported', 'invalid_params');
    if (!Number.isSafeInteger(body.amount) || body.amount < 100) {
      return failure(400, 'Amount must be a whole number of kobo, at least 100', 'invalid_params');
    }
    if (typeof body.reference !== 'string' || !body.reference || body.reference.length > MAX_REFERENCE) {
      return failure(400, 'Invalid transfer reference', 'invalid_params');
    }
    const recipient = await em.findOne(SandboxRecipientSchema, { code: String(body.recipient) });
    if (!recipient) return failure(400, 'Recipient specified is invalid', 'invalid_params');
    const now = new Date();
    const held = this.holdTransfers;
    const inserted = await em
      .createQueryBuilder(SandboxTransferSchema)
      .insert({
        transferCode: `TRF_${randomBytes(8).toString('hex').slice(0, 15)}`,
        reference: body.reference,
        amount: body.amount,
        reason: (body.reason ?? '').slice(0, 500),
        recipient: recipient.id,
        status: 'pending',
        gatewayResponse: null,
        held,
        createdAt: now,
        updatedAt: now,
        transferredAt: null,
      })
      .onConflict('reference')
      .ignore()
      .execute('run');
    const transfer = await this.findTransfer(em, body.reference);
    if (!transfer) throw new Error(`Sandbox transfer ${body.reference} vanished after its insert`);
    if ((inserted as { affectedRows?: number }).affectedRows === 1 && !held) {
      this.later(() => this.settleTransfer(body.reference, this.outcomeOf(transfer)));
    }
    return { status: true as const, message: 'Transfer has been queued', data: this.transferCreateData(transfer) };
  }

  private outcomeOf(t: TransferRow): 'success' | 'failed' {
    return t.recipient.accountNumber === SANDBOX_FAILING_TRANSFER_ACCOUNT ? 'failed' : 'success';
  }

  private transferCreateData(t: TransferRow) {
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
      transferred_at: iso(t.transferredAt),
      id: TRANSFER_IDS + t.id,
      integration: INTEGRATION_ID,
      request: TRANSFER_IDS + t.id,
      recipient: RECIPIENT_IDS + t.recipient.id,
      createdAt: t.createdAt.toISOString(),
      updatedAt: t.updatedAt.toISOString(),
    };
  }

  /** GET /transfer/verify/{reference}; status false (404) for an unknown reference. */
  async verifyTransfer(reference: string) {
    const em = this.em();
    let t = await this.findTransfer(em, reference);
    if (t && t.status === 'pending' && !t.held && Date.now() - t.createdAt.getTime() > SETTLE_OVERDUE_MS) {
      await this.settleTransfer(reference, this.outcomeOf(t));
      t = await this.findTransfer(this.em(), reference);
    }
    if (!t) return { ...failure(404, 'Transfer not found', 'not_found', 'api_error'), data: null };
    return { status: true as const, message: 'Transfer retrieved', data: this.transferData(t) };
  }

  private transferData(t: TransferRow) {
    const id = TRANSFER_IDS + t.id;
    return {
      amount: t.amount,
      createdAt: t.createdAt.toISOString(),
      currency: 'NGN',
      domain: 'test',
      failures: null,
      id,
      integration: INTEGRATION_ID,
      reason: t.reason,
      reference: t.reference,
      source: 'balance',
      source_details: null,
      status: t.status,
      titan_code: null,
      transfer_code: t.transferCode,
      transferred_at: iso(t.transferredAt),
      updatedAt: t.updatedAt.toISOString(),
      recipient: this.recipientData(t.recipient),
      session: { provider: t.status === 'success' ? 'nip' : null, id: t.status === 'success' ? `0900${id}` : null },
      gateway_response: t.gatewayResponse ?? null,
    };
  }

  /** How many POST /transfer requests carried this reference (tests assert a payout was sent once). */
  transferRequestCount(reference: string): Promise<number> {
    return this.requestCount('transfer', reference);
  }

  /** How many distinct transfers the sandbox made (each reference at most once). */
  transferCount(): Promise<number> {
    return this.em().count(SandboxTransferSchema, {});
  }

  /**
   * Ends a pending transfer as Paystack would and emits `transfer.success` / `transfer.failed`. False when
   * the reference is unknown or the transfer already settled (by this process or another).
   */
  async settleTransfer(reference: string, outcome: 'success' | 'failed'): Promise<boolean> {
    const em = this.em();
    const now = new Date();
    const changed = await em.nativeUpdate(
      SandboxTransferSchema,
      { reference, status: 'pending' },
      outcome === 'success'
        ? { status: outcome, updatedAt: now, transferredAt: now, gatewayResponse: 'Approved or completed successfully' }
        : { status: outcome, updatedAt: now, gatewayResponse: 'Beneficiary account could not be credited' },
    );
    if (changed !== 1) return false;
    await this.emit(`transfer.${outcome}`, reference);
    return true;
  }

  /** A successful (or pending) transfer comes back: status reversed, and `transfer.reversed` is emitted. */
  async reverseTransfer(reference: string): Promise<boolean> {
    const changed = await this.em().nativeUpdate(
      SandboxTransferSchema,
      { reference, status: { $in: ['success', 'pending'] } },
      { status: 'reversed', updatedAt: new Date(), gatewayResponse: 'Transfer reversed by the beneficiary bank' },
    );
    if (changed !== 1) return false;
    await this.emit('transfer.reversed', reference);
    return true;
  }

  /** The signed body of a transfer event (what Paystack posts to the webhook). */
  async transferWebhookBody(event: string, reference: string): Promise<string | null> {
    const t = await this.findTransfer(this.em(), reference);
    return t ? JSON.stringify({ event, data: this.transferData(t) }) : null;
  }

  private async emit(event: string, reference: string) {
    const body = await this.transferWebhookBody(event, reference);
    if (body) await this.send(body);
  }

  /** Records an event for the merchant's webhook, then tries it at once. */
  private async send(body: string): Promise<void> {
    const em = this.em();
    const row = em.create(SandboxWebhookSchema, { body, attempts: 0, nextAttemptAt: new Date() });
    await em.flush();
    await this.attemptWebhook(row.id, 0);
  }

  /**
   * One delivery attempt of a recorded event, claimed first (a conditional update of its attempt count), so
   * two processes never post the same attempt. The next try is planned before posting: a crash mid-post
   * retries then. Answers whether the merchant took it.
   */
  private async attemptWebhook(id: number, attemptsMade: number): Promise<boolean> {
    const em = this.em();
    const row = await em.findOne(SandboxWebhookSchema, { id }, { disableIdentityMap: true });
    if (!row || row.deliveredAt) return false;
    const now = new Date();
    const retryAt = nextWebhookAttempt(attemptsMade + 1, row.createdAt, now);
    const claimed = await em.nativeUpdate(
      SandboxWebhookSchema,
      { id, attempts: attemptsMade, deliveredAt: null },
      { attempts: attemptsMade + 1, nextAttemptAt: retryAt },
    );
    if (claimed !== 1) return false;
    let delivered = false;
    try {
      delivered =
        this.onWebhook !== null && (await this.onWebhook(row.body, signBody(this.secretKey, row.body))) !== false;
    } catch {
      delivered = false;
    }
    if (delivered)
      await em.nativeUpdate(SandboxWebhookSchema, { id }, { deliveredAt: new Date(), nextAttemptAt: null });
    return delivered;
  }

  /**
   * Tries again every event whose retry is due (a restart, a crash, a merchant that answered 5xx): the
   * server runs it as a recurring job. Answers how many were delivered now.
   */
  async deliverDueWebhooks(now = new Date()): Promise<number> {
    const due = await this.em().find(
      SandboxWebhookSchema,
      { deliveredAt: null, nextAttemptAt: { $lte: now } },
      { orderBy: { id: 'asc' }, limit: 100, fields: ['id', 'attempts'] },
    );
    let delivered = 0;
    for (const row of due) if (await this.attemptWebhook(row.id, row.attempts)) delivered += 1;
    return delivered;
  }

  /**
   * POST /refund {transaction, amount?, merchant_note?}: a full or partial refund of a successful transaction,
   * never more than its amount minus its earlier refunds that did not fail. It is `pending`, then `processed`
   * shortly after (with a signed refund.processed event) unless holdRefunds is set.
   *
   * The transaction's `refunded_amount` holds what its refunds that did not fail take: a refund raises it
   * with a conditional update (`where refunded_amount + amount <= amount`), which also locks the row until
   * the refund is written, so refunds of one transaction made at once through two processes are checked
   * one after the other and never together exceed it.
   */
  async refund(body: { transaction: string; amount?: number; currency?: string; merchant_note?: string }) {
    const em = this.em();
    await this.recordRequest(em, 'refund', body.transaction);
    const t = await em.findOne(SandboxTransactionSchema, { reference: String(body.transaction) });
    if (!t) return failure(404, 'Transaction reference not found', 'not_found', 'api_error');
    if (t.status !== 'success')
      return failure(400, 'Cannot refund a transaction that was not successful', 'invalid_params');
    if ((body.currency ?? t.currency) !== t.currency)
      return failure(400, 'Currency is not supported', 'invalid_params');
    const leftOf = (row: TransactionRow) => row.amount - row.refundedAmount;
    const amount = body.amount ?? leftOf(t);
    if (!Number.isSafeInteger(amount) || amount < 1) {
      return failure(400, 'Amount must be a whole number of kobo, at least 1', 'invalid_params');
    }
    const tooMuch = (left: number) =>
      left <= 0
        ? failure(400, 'Transaction has been fully reversed', 'invalid_params')
        : failure(400, SANDBOX_REFUND_TOO_MUCH, 'invalid_params');
    if (amount > leftOf(t)) return tooMuch(leftOf(t));
    const held = this.holdRefunds;
    let refundId: number;
    try {
      refundId = await em.transactional(async (tx) => {
        const t2 = tx as Em;
        const reserved = await t2.execute<{ affectedRows: number }>(
          'update sandbox_transactions set refunded_amount = refunded_amount + ? where id = ? and refunded_amount + ? <= amount',
          [amount, t.id, amount],
          'run',
        );
        if (reserved.affectedRows !== 1) {
          const now = await t2.findOneOrFail(SandboxTransactionSchema, t.id, { disableIdentityMap: true });
          throw new Refusal(tooMuch(leftOf(now)));
        }
        const inProgress = await t2.count(SandboxRefundSchema, {
          transaction: t.id,
          amount,
          status: { $in: ['pending', 'processing'] },
        });
        if (inProgress > 0) throw new Refusal(failure(400, SANDBOX_REFUND_IN_PROGRESS, 'invalid_params'));
        const now = new Date();
        const refund = t2.create(SandboxRefundSchema, {
          transaction: t.id,
          amount,
          status: 'pending',
          merchantNote: (body.merchant_note ?? '').slice(0, 500),
          held,
          createdAt: now,
          updatedAt: now,
          refundedAt: null,
        });
        await t2.flush();
        return refund.id;
      });
    } catch (err) {
      if (err instanceof Refusal) return err.failure;
      throw err;
    }
    const refund = await this.findRefund(this.em(), refundId);
    if (!refund) throw new Error(`Sandbox refund ${refundId} vanished after its insert`);
    if (!held) this.later(() => this.settleRefund(REFUND_IDS + refundId, 'processed'));
    const tx = refund.transaction;
    const paidAt = iso(tx.paidAt) ?? tx.createdAt.toISOString();
    return {
      status: true as const,
      message: 'Refund has been queued for processing',
      data: {
        transaction: {
          id: TRANSACTION_IDS + tx.id,
          domain: 'test',
          reference: tx.reference,
          amount: tx.amount,
          paid_at: paidAt,
          channel: 'card',
          currency: tx.currency,
          authorization: { exp_month: null, exp_year: null, account_name: null },
          customer: { international_format_phone: null },
          plan: {},
          subaccount: { currency: null },
          split: {},
          order_id: null,
          paidAt,
          pos_transaction_data: null,
          source: null,
          fees_breakdown: null,
        },
        integration: INTEGRATION_ID,
        deducted_amount: 0,
        channel: null,
        merchant_note: refund.merchantNote,
        customer_note: `Refund for transaction ${tx.reference}`,
        status: refund.status,
        refunded_by: 'sandbox@caps.test',
        expected_at: new Date(Date.now() + 5 * 86_400_000).toISOString(),
        currency: tx.currency,
        domain: 'test',
        amount: refund.amount,
        fully_deducted: false,
        id: REFUND_IDS + refund.id,
        createdAt: refund.createdAt.toISOString(),
        updatedAt: refund.updatedAt.toISOString(),
      },
    };
  }

  private findRefund(em: Em, rowId: number) {
    return em.findOne(SandboxRefundSchema, { id: rowId }, { populate: ['transaction'] });
  }

  private overdue(r: RefundRow) {
    return r.status === 'pending' && !r.held && Date.now() - r.createdAt.getTime() > SETTLE_OVERDUE_MS;
  }

  private refundData(r: RefundRow) {
    const t = r.transaction;
    return {
      integration: INTEGRATION_ID,
      transaction: TRANSACTION_IDS + t.id,
      dispute: null,
      settlement: null,
      id: REFUND_IDS + r.id,
      domain: 'test',
      currency: t.currency,
      amount: r.amount,
      status: r.status,
      refunded_at: iso(r.refundedAt),
      refunded_by: 'sandbox@caps.test',
      customer_note: `Refund for transaction ${t.reference}`,
      merchant_note: r.merchantNote,
      deducted_amount: r.status === 'processed' ? r.amount : 0,
      fully_deducted: r.status === 'processed' ? 1 : 0,
      createdAt: r.createdAt.toISOString(),
      bank_reference: null,
      transaction_reference: t.reference,
      reason: r.merchantNote,
      customer: {
        id: TRANSACTION_IDS + t.id,
        first_name: '',
        last_name: '',
        email: t.email,
        customer_code: `CUS_${TRANSACTION_IDS + t.id}`,
        phone: '',
        metadata: '',
        risk_action: 'default',
        international_format_phone: '',
      },
      refund_type: r.amount === t.amount ? 'full' : 'partial',
      transaction_amount: t.amount,
      initiated_by: 'merchant',
      refund_channel: 'card',
      session_id: null,
      collect_account_number: false,
    };
  }

  /** GET /refund/{id}; status false (404) for an unknown id. */
  async fetchRefund(id: number | string) {
    const rowId = refundRowId(id);
    let r = rowId === null ? null : await this.findRefund(this.em(), rowId);
    if (r && rowId !== null && this.overdue(r)) {
      await this.settleRefund(REFUND_IDS + rowId, 'processed');
      r = await this.findRefund(this.em(), rowId);
    }
    if (!r) return { ...failure(404, 'Refund not found', 'not_found', 'api_error'), data: null };
    return { status: true as const, message: 'Refund retrieved', data: this.refundData(r) };
  }

  /**
   * GET /refund with the query Paystack's description documents: `perPage` (default 50), `page` (from 1),
   * `from` and `to` (ISO date-times bounding when a refund was made), newest first. Like that description it
   * has no filter by transaction: whoever wants one transaction's refunds reads every page and picks them.
   */
  async listRefunds(query: { perPage?: number; page?: number; from?: string; to?: string } = {}) {
    const perPage = query.perPage ?? 50;
    const page = query.page ?? 1;
    if (!Number.isSafeInteger(perPage) || perPage < 1 || !Number.isSafeInteger(page) || page < 1) {
      return { ...failure(400, 'perPage and page must be whole numbers, at least 1', 'invalid_params'), data: null };
    }
    const from = query.from === undefined ? null : new Date(query.from);
    const to = query.to === undefined ? null : new Date(query.to);
    if ((from && Number.isNaN(from.getTime())) || (to && Number.isNaN(to.getTime()))) {
      return { ...failure(400, 'from and to must be dates', 'invalid_params'), data: null };
    }
    const where = from || to ? { createdAt: { ...(from && { $gte: from }), ...(to && { $lte: to }) } } : {};
    const read = () =>
      this.em().findAndCount(SandboxRefundSchema, where, {
        populate: ['transaction'],
        orderBy: { createdAt: 'desc', id: 'desc' },
        limit: perPage,
        offset: (page - 1) * perPage,
      });
    let [rows, total] = await read();
    const overdue = rows.filter((r) => this.overdue(r));
    if (overdue.length > 0) {
      for (const r of overdue) await this.settleRefund(REFUND_IDS + r.id, 'processed');
      [rows, total] = await read();
    }
    const failed = await this.em().count(SandboxRefundSchema, { ...where, status: 'failed' });
    return {
      status: true as const,
      message: 'Refunds retrieved',
      data: rows.map((r) => this.refundData(r)),
      meta: {
        total,
        skipped: (page - 1) * perPage,
        perPage: String(perPage),
        page,
        pageCount: Math.ceil(total / perPage),
        failedRefundCount: failed,
      },
    };
  }

  /** How many POST /refund requests named this transaction (tests assert a refund was sent once). */
  refundRequestCount(reference: string): Promise<number> {
    return this.requestCount('refund', reference);
  }

  /** The ids of a transaction's refunds, oldest first (tests). */
  async refundIds(reference: string): Promise<number[]> {
    const rows = await this.em().find(
      SandboxRefundSchema,
      { transaction: { reference } },
      { fields: ['id'], orderBy: { id: 'asc' } },
    );
    return rows.map((r) => REFUND_IDS + r.id);
  }

  /**
   * Ends a pending refund as Paystack would and emits `refund.processed` / `refund.failed`. False when the
   * id is unknown or the refund already ended (here or in another process). A failed refund gives its
   * amount back to what the transaction may still refund, in the same database transaction.
   */
  async settleRefund(id: number | string, outcome: 'processed' | 'failed'): Promise<boolean> {
    const rowId = refundRowId(id);
    if (rowId === null) return false;
    const changed = await this.em().transactional(async (tx) => {
      const em = tx as Em;
      const now = new Date();
      const ended = await em.nativeUpdate(
        SandboxRefundSchema,
        { id: rowId, status: { $in: ['pending', 'processing'] } },
        outcome === 'processed'
          ? { status: outcome, updatedAt: now, refundedAt: now }
          : { status: outcome, updatedAt: now },
      );
      if (ended !== 1) return false;
      if (outcome === 'failed') {
        const r = await em.findOneOrFail(SandboxRefundSchema, { id: rowId }, { disableIdentityMap: true });
        await em.execute(
          'update sandbox_transactions set refunded_amount = refunded_amount - ? where id = ?',
          [r.amount, r.transaction.id],
          'run',
        );
      }
      return true;
    });
    if (!changed) return false;
    const body = await this.refundWebhookBody(`refund.${outcome}`, REFUND_IDS + rowId);
    if (body) await this.send(body);
    return true;
  }

  /** The signed body of a refund event, as Paystack posts it to the webhook (null for an unknown id). */
  async refundWebhookBody(event: string, id: number | string): Promise<string | null> {
    const rowId = refundRowId(id);
    const r = rowId === null ? null : await this.findRefund(this.em(), rowId);
    return r ? JSON.stringify({ event, data: this.refundEventData(r) }) : null;
  }

  private refundEventData(r: RefundRow) {
    return {
      id: String(REFUND_IDS + r.id),
      status: r.status,
      transaction_reference: r.transaction.reference,
      refund_reference: r.status === 'processed' ? `RFD_${REFUND_IDS + r.id}` : null,
      amount: r.amount,
      currency: r.transaction.currency,
      processor: 'sandbox',
      customer: { first_name: '', last_name: '', email: r.transaction.email },
      integration: INTEGRATION_ID,
      domain: 'test',
    };
  }

  /**
   * POST /transaction/initialize. The reference is unique, as at Paystack: a second initialize with one
   * already used (here or through another process) is refused.
   */
  async initialize(body: {
    email: string;
    amount: number;
    reference: string;
    callback_url: string;
    currency?: string;
  }) {
    if (typeof body.reference !== 'string' || !body.reference || body.reference.length > MAX_REFERENCE) {
      return failure(400, 'Invalid transaction reference', 'invalid_params');
    }
    if (!Number.isSafeInteger(body.amount) || body.amount < 1) {
      return failure(400, 'Invalid amount', 'invalid_params');
    }
    const accessCode = randomBytes(8).toString('hex');
    const inserted = await this.em()
      .createQueryBuilder(SandboxTransactionSchema)
      .insert({
        reference: body.reference,
        accessCode,
        email: String(body.email).slice(0, 254),
        amount: body.amount,
        currency: body.currency ?? 'NGN',
        callbackUrl: String(body.callback_url).slice(0, 2000),
        status: 'ongoing',
        gatewayResponse: 'Pending',
        last4: null,
        refundedAmount: 0,
        createdAt: new Date(),
        paidAt: null,
      })
      .onConflict('reference')
      .ignore()
      .execute('run');
    if ((inserted as { affectedRows?: number }).affectedRows !== 1) {
      return failure(400, 'Duplicate Transaction Reference', 'duplicate_reference');
    }
    return {
      status: true as const,
      message: 'Authorization URL created',
      data: {
        authorization_url: `/payment-sandbox/checkout/${encodeURIComponent(body.reference)}`,
        access_code: accessCode,
        reference: body.reference,
      },
    };
  }

  private findTransaction(em: Em, reference: string) {
    return em.findOne(SandboxTransactionSchema, { reference: String(reference) });
  }

  /** GET /transaction/verify/{reference}; null data (404) for an unknown reference. */
  async verify(reference: string, em: Em = this.em()) {
    const row = await this.findTransaction(em, reference);
    if (!row) return { status: false as const, message: 'Transaction reference not found', data: null };
    const t = transactionView(row);
    return {
      status: true as const,
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

  async transaction(reference: string): Promise<Readonly<SandboxTransactionView> | undefined> {
    const row = await this.findTransaction(this.em(), reference);
    return row ? transactionView(row) : undefined;
  }

  /**
   * The hosted page's form: the card decides; anything but the success card is declined. Only an
   * `ongoing` transaction changes (a conditional update): of two payments at once, through one process
   * or two, the first decides and the other gets the transaction as it decided it.
   */
  /** The charge.success event Paystack would post to the webhook. */
  async webhookBody(reference: string, em: Em = this.em()): Promise<string> {
    const { data } = await this.verify(reference, em);
    return JSON.stringify({ event: 'charge.success', data });
  }

  async pay(reference: string, cardNumber: string): Promise<SandboxTransactionView | undefined> {
    const digits = cardNumber.replace(/\D/g, '');
    const last4 = digits.slice(-4) || null;
    const success = digits === SANDBOX_SUCCESS_CARD;
    const changed = await this.em().nativeUpdate(
      SandboxTransactionSchema,
      { reference: String(reference), status: 'ongoing' },
      success
        ? { status: 'success', gatewayResponse: 'Successful', paidAt: new Date(), last4 }
        : {
            status: 'failed',
            gatewayResponse: digits === SANDBOX_DECLINED_CARD ? 'Declined' : 'Declined: unknown test card',
            last4,
          },
    );
    // The charge.success event is recorded right after the payment (its own statement: SQLite allows one
    // writer at a time across processes); the hosted page posts it (deliverWebhooksOf), the retries after.
    if (changed === 1 && success) {
      const em = this.em();
      em.create(SandboxWebhookSchema, {
        reference: String(reference),
        body: await this.webhookBody(reference, em),
        attempts: 0,
        nextAttemptAt: new Date(),
      });
      await em.flush();
    }
    return this.transaction(reference);
  }

  /** Posts now the events of a payment not delivered yet (the hosted page, right after paying). */
  async deliverWebhooksOf(reference: string): Promise<void> {
    const events = await this.em().find(
      SandboxWebhookSchema,
      { reference, deliveredAt: null, nextAttemptAt: { $ne: null } },
      { fields: ['id', 'attempts'], orderBy: { id: 'asc' } },
    );
    for (const event of events) await this.attemptWebhook(event.id, event.attempts);
  }
}

/** PaymentProvider over the in-process sandbox. */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(readonly sandbox: PaystackSandbox) {}

  async initialize(input: { email: string; amountKobo: number; reference: string; callbackUrl: string }) {
    const answer = await this.sandbox.initialize({
      email: input.email,
      amount: input.amountKobo,
      reference: input.reference,
      callback_url: input.callbackUrl,
    });
    if (!answer.status) throw new Error(`Payment sandbox initialize failed: ${answer.message}`);
    return { authorizationUrl: answer.data.authorization_url, reference: answer.data.reference };
  }

  async verify(reference: string): Promise<VerifiedTransaction | null> {
    return (await this.sandbox.verify(reference)).data;
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
    const answer = await this.sandbox.createTransferRecipient({
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
    const answer = await this.sandbox.transfer({
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
    const answer = await this.sandbox.verifyTransfer(reference);
    return answer.status ? verifiedTransferOf(answer.data) : null;
  }
  async refund(input: { transactionReference: string; amountKobo: number; reason: string }): Promise<VerifiedRefund> {
    this.reachable('refund');
    const answer = await this.sandbox.refund({
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
    const answer = await this.sandbox.fetchRefund(refundId);
    return answer.status ? verifiedRefundOf(answer.data) : null;
  }

  async listRefunds(transactionReference: string, since: Date): Promise<VerifiedRefund[]> {
    this.reachable('refund list');
    return refundsOfTransaction(
      async (query) => {
        const answer = await this.sandbox.listRefunds(query);
        if (!answer.status) throw new ProviderRequestError(answer.message, answer.httpStatus);
        return { data: answer.data, pageCount: answer.meta.pageCount };
      },
      transactionReference,
      since,
    );
  }
}
