import { randomBytes } from 'node:crypto';
import {
  type AdminPayoutsQuery,
  CURRENCY,
  koboToNaira,
  type PagedPayoutsDto,
  type PagingQuery,
  type PayoutDto,
  type PayoutRunDto,
  type PayoutStatus,
} from '@caps/contracts';
import { raw } from '@mikro-orm/core';
import type { z } from 'zod';
import type { AuthedContext, VendorContext } from '../../access/roles.js';
import type { Context, Services } from '../../context.js';
import type { Em } from '../../db/orm.js';
import { DomainError } from '../../errors.js';
import { pageOf } from '../admin/admin.mapper.js';
import { recordAction } from '../admin/audit.js';
import { payoutSettled } from '../notifications/events/shops.js';
import { ProviderRequestError, ProviderUnavailableError, type VerifiedTransfer } from '../payment/provider.js';
import { type Vendor, VendorSchema } from '../vendors/vendors.entities.js';
import { LedgerEntrySchema, type Payout, PayoutSchema } from './finance.entities.js';
import { balanceOf, financeSettings, writeEntries } from './ledger.js';

/**
 * Payouts: a shop's available balance sent to its verified bank account through a Paystack transfer
 * (docs/finance.md, "Payouts").
 *
 * Money safety rests on three things, none of them on timing or on this process being the only one:
 * - the payout row and its ledger entries are committed, under a fresh reference, before the transfer is
 *   requested, and the transfer is only ever requested with that reference (Paystack keeps one transfer per
 *   reference), so a crash or a retry can at worst ask again for the same transfer;
 * - `vendors.payout_seq` moves from n to n + 1 by a conditional update in the transaction that writes the
 *   payout, and the available balance is read again after it, so two runs at once pay a shop once;
 * - an outcome is applied by a conditional status update, in the transaction that writes its reversal
 *   entries (whose keys are unique), so any number of webhooks and verifies apply it once;
 * - the account paid is recorded on the payout when it is written (recipient, bank, last 4 digits), from the
 *   shop's verified account, unchanged since its last bank change's pause; the transfer goes to that recipient
 *   only. A bank change afterwards cancels the payout if its transfer step has not taken it yet (a
 *   conditional update on both sides: one wins), and never redirects it.
 */

type ServicesCtx = Pick<Context, 'em' | 'services'>;

/** Paystack transfer statuses that end a transfer without the money arriving. */
const FAILED_STATUSES = new Set(['failed', 'abandoned', 'blocked', 'rejected']);

/** References this process is sending right now: a resume in the same process leaves them alone. */
const sending = new Set<string>();

/** A payout with its vendor loaded. */
export function toPayoutDto(payout: Payout): PayoutDto {
  return {
    id: payout.id,
    vendor_id: payout.vendor.id,
    shop_name: payout.vendor.shopName,
    amount: koboToNaira(payout.amountKobo),
    status: payout.status,
    reference: payout.reference,
    failure_reason: payout.failureReason ?? null,
    created_at: payout.createdAt.toISOString(),
    settled_at: payout.settledAt ? payout.settledAt.toISOString() : null,
    bank_code: payout.bankCode ?? null,
    bank_name: payout.bankName ?? null,
    account_last4: payout.accountLast4 ?? null,
  };
}

/** Lowercase letters, digits and '-' only, at least 16 characters: what Paystack takes as a transfer reference. */
export function newPayoutReference(vendorId: number): string {
  return `po-${vendorId}-${randomBytes(8).toString('hex')}`;
}

const truncate = (text: string, max = 255) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

// ---------------------------------------------------------------------------------------------------------
// Outcomes

/** The reversal pair of a failed or reversed payout: the money leaves paid_out and is available again. */
async function writeReversal(em: Em, payout: { id: number; vendorId: number; amountKobo: number }, at: Date) {
  return writeEntries(em, [
    {
      key: `payout:${payout.id}:payout_reversal:paid_out`,
      vendorId: payout.vendorId,
      bucket: 'paid_out',
      kind: 'payout_reversal',
      amountKobo: -payout.amountKobo,
      effectiveAt: at,
      createdAt: at,
      payoutId: payout.id,
    },
    {
      key: `payout:${payout.id}:payout_reversal:available`,
      vendorId: payout.vendorId,
      bucket: 'available',
      kind: 'payout_reversal',
      amountKobo: payout.amountKobo,
      effectiveAt: at,
      createdAt: at,
      payoutId: payout.id,
    },
  ]);
}

/**
 * Moves a payout to `failed`, `reversed` or `cancelled` and gives its money back, once: the conditional
 * update and the reversal entries share one transaction, so of any number of callers one writes both and the
 * others nothing. `from` lists the statuses it may leave (a reversal may follow a success); `untakenOnly`
 * also needs the transfer step never to have taken it.
 */
async function giveBack(
  services: Services,
  payoutId: number,
  to: 'failed' | 'reversed' | 'cancelled',
  from: readonly PayoutStatus[],
  reason: string,
  transferCode: string | null,
  options: { untakenOnly?: boolean } = {},
): Promise<boolean> {
  const em = services.orm.em.fork() as Em;
  return em.transactional(async (tx) => {
    const t = tx as Em;
    const now = services.clock.now();
    const changed = await t.nativeUpdate(
      PayoutSchema,
      {
        id: payoutId,
        status: { $in: [...from] },
        // A payout taken for sending may exist at Paystack: only its outcome may give its money back.
        ...(options.untakenOnly ? { transferRequestedAt: null } : {}),
      },
      {
        status: to,
        settledAt: now,
        failureReason: truncate(reason),
        ...(transferCode ? { transferCode } : {}),
        updatedAt: new Date(),
      },
    );
    if (changed !== 1) return false;
    const payout = await t.findOneOrFail(PayoutSchema, { id: payoutId }, { fields: ['amountKobo', 'vendor'] });
    await writeReversal(t, { id: payoutId, vendorId: payout.vendor.id, amountKobo: payout.amountKobo }, now);
    // The shop's owner is told why (payout_failed), with the change; a cancelled payout was never sent.
    if (to !== 'cancelled') await payoutSettled(t, services, payoutId, to);
    return true;
  });
}

export type TransferOutcome = 'unknown' | 'success' | 'failed' | 'reversed' | 'in_flight' | 'mismatch';

/**
 * Asks Paystack about a payout's transfer (GET /transfer/verify) and applies what it says, once. The body
 * of a webhook is never trusted: whatever event brought the reference, only Paystack's verify answer, for
 * our reference, amount and currency, moves the payout. Safe in any number and any order (webhooks, the
 * next run's verify): each move is a conditional update from the states it may leave.
 *
 * Answers what Paystack said ('unknown' when no payout or no transfer has this reference).
 */
export async function applyTransferOutcome(ctx: ServicesCtx, reference: string): Promise<TransferOutcome> {
  const payout = await ctx.em.findOne(PayoutSchema, { reference }, { disableIdentityMap: true });
  if (!payout) return 'unknown';
  let verified: VerifiedTransfer | null;
  try {
    verified = await ctx.services.payments.verifyTransfer(reference);
  } catch (error) {
    // A webhook answered 503 is sent again by Paystack; the settle job asks again too.
    if (error instanceof ProviderUnavailableError) {
      throw new DomainError('BANK_UNAVAILABLE', 'Paystack could not be reached to verify the transfer.');
    }
    throw error;
  }
  if (!verified) return 'unknown';
  if (verified.reference !== reference || verified.amount !== payout.amountKobo || verified.currency !== CURRENCY) {
    // Not the transfer we asked for: never settle a payout on it.
    return 'mismatch';
  }
  const { services } = ctx;
  const transferCode = verified.transfer_code || null;
  if (verified.status === 'success') {
    await (services.orm.em.fork() as Em).transactional(async (tx) => {
      const em = tx as Em;
      const changed = await em.nativeUpdate(
        PayoutSchema,
        { id: payout.id, status: { $in: ['pending', 'processing'] } },
        {
          status: 'success',
          settledAt: services.clock.now(),
          failureReason: null,
          ...(transferCode ? { transferCode } : {}),
          updatedAt: new Date(),
        },
      );
      // The shop's owner is told (payout_sent) by whichever caller moved it.
      if (changed === 1) await payoutSettled(em, services, payout.id, 'sent');
    });
    return 'success';
  }
  if (verified.status === 'reversed') {
    // A reversal may come after a success: the money comes back either way.
    await giveBack(
      services,
      payout.id,
      'reversed',
      ['pending', 'processing', 'success'],
      verified.reason ?? 'Transfer reversed',
      transferCode,
    );
    return 'reversed';
  }
  if (FAILED_STATUSES.has(verified.status)) {
    await giveBack(
      services,
      payout.id,
      'failed',
      ['pending', 'processing'],
      verified.reason ?? `Transfer ${verified.status}`,
      transferCode,
    );
    return 'failed';
  }
  // Still on its way (pending, processing, queued, received, otp). A payout still marked pending was sent
  // after all (its process stopped before recording it): it is processing.
  await (services.orm.em.fork() as Em).nativeUpdate(
    PayoutSchema,
    { id: payout.id, status: 'pending' },
    { status: 'processing', ...(transferCode ? { transferCode } : {}), updatedAt: new Date() },
  );
  return 'in_flight';
}

// ---------------------------------------------------------------------------------------------------------
// Sending

/** The shop's verified account with its transfer recipient. */
interface ShopRecipient {
  recipientCode: string;
  bankCode: string;
  accountNumber: string;
}

/**
 * The shop's transfer recipient for its current verified account, created with Paystack when it has none
 * yet (Paystack answers an account's existing recipient). null when the shop has no verified account, or it
 * changed while the recipient was being made. Throws what the provider throws.
 */
async function recipientOfShop(services: Services, vendorId: number): Promise<ShopRecipient | null> {
  const em = services.orm.em.fork() as Em;
  const vendor = await em.findOneOrFail(VendorSchema, { id: vendorId });
  if (!vendor.bankCode || !vendor.resolvedAccountName) return null;
  const account = { bankCode: vendor.bankCode, accountNumber: vendor.accountNumber };
  if (vendor.transferRecipientCode) return { recipientCode: vendor.transferRecipientCode, ...account };
  const { recipientCode } = await services.payments.createTransferRecipient({
    name: vendor.resolvedAccountName,
    accountNumber: vendor.accountNumber,
    bankCode: vendor.bankCode,
  });
  // Stored only if the account is still the one it was made from (a bank change clears the code).
  const stored = await em.nativeUpdate(
    VendorSchema,
    { id: vendorId, transferRecipientCode: null, ...account },
    { transferRecipientCode: recipientCode },
  );
  return stored === 1 ? { recipientCode, ...account } : null;
}

/**
 * The recipient to record on a payout written without one (Paystack was unreachable when it was written):
 * the shop's, if the shop's account is still the one recorded on the payout. Recorded with a conditional
 * update that needs the payout still `pending` and not taken for sending, so after a bank change (which
 * cancels such a payout) nothing is recorded. Answers the code, or null when the payout is not to be sent
 * (cancelled here when the shop's account is another one).
 */
async function recordRecipient(services: Services, em: Em, payout: Payout): Promise<string | null> {
  const shop = await recipientOfShop(services, payout.vendor.id);
  if (!shop || shop.bankCode !== payout.bankCode || shop.accountNumber.slice(-4) !== payout.accountLast4) {
    await giveBack(services, payout.id, 'cancelled', ['pending'], NOT_THE_RECORDED_ACCOUNT, null, {
      untakenOnly: true,
    });
    return null;
  }
  const recorded = await em.nativeUpdate(
    PayoutSchema,
    { id: payout.id, status: 'pending', transferRequestedAt: null, recipientCode: null },
    { recipientCode: shop.recipientCode, updatedAt: new Date() },
  );
  return recorded === 1 ? shop.recipientCode : null;
}

/**
 * Requests the transfer of a committed `pending` payout with its own reference, to the recipient recorded on
 * it (never the shop's current account), and marks it `processing`.
 *
 * When the provider fails, the payout stays `pending` with the failure noted, and the next run sends it
 * again with the same reference: the request may have reached Paystack before the failure (a timeout, a
 * lost answer), and giving the money back then could pay the shop twice. The one exception is a
 * ProviderRequestError: Paystack refused the request and, asked with GET /transfer/verify, does not know
 * the reference (the provider checks that before throwing it), or the recipient was refused so no
 * transfer was asked for at all. No transfer exists then, and since only `pending` payouts are ever sent,
 * marking it `failed` means none ever will: the money goes back to the shop's available balance and the
 * next run pays it under a new reference (after a refusal such as an empty Paystack balance).
 */
async function sendPayout(services: Services, payoutId: number): Promise<void> {
  const em = services.orm.em.fork() as Em;
  const payout = await em.findOne(PayoutSchema, { id: payoutId, status: 'pending' });
  if (!payout || sending.has(payout.reference)) return;
  sending.add(payout.reference);
  try {
    let recipientCode = payout.recipientCode ?? null;
    if (!recipientCode && !payout.bankCode) {
      // Written before accounts were recorded, and never sent (Paystack does not know its reference): it is
      // not paid to whatever account the shop has now; the money goes back and the next run pays it afresh.
      await giveBack(services, payout.id, 'cancelled', ['pending'], NO_RECORDED_ACCOUNT, null, { untakenOnly: true });
      return;
    }
    try {
      if (!recipientCode) {
        recipientCode = await recordRecipient(services, em, payout);
        if (!recipientCode) return;
      }
      if (!payout.transferRequestedAt) {
        // Taken for sending (one conditional update): a bank change that comes first cancels the payout and
        // this finds it gone; one that comes after leaves it to the recorded account, where it may be sent.
        const taken = await em.nativeUpdate(
          PayoutSchema,
          { id: payout.id, status: 'pending', transferRequestedAt: null },
          { transferRequestedAt: services.clock.now(), updatedAt: new Date() },
        );
        if (taken !== 1) return;
      }
      const transfer = await services.payments.transfer({
        amountKobo: payout.amountKobo,
        recipientCode,
        reference: payout.reference,
        reason: `Caps Marketplace payout ${payout.reference}`,
      });
      await em.nativeUpdate(
        PayoutSchema,
        { id: payout.id, status: 'pending' },
        { status: 'processing', transferCode: transfer.transferCode, failureReason: null, updatedAt: new Date() },
      );
      // Paystack may answer with the outcome at once; apply it now rather than at the next webhook.
      if (transfer.status === 'success' || transfer.status === 'reversed' || FAILED_STATUSES.has(transfer.status)) {
        await applyTransferOutcome({ em: services.orm.em.fork() as Em, services }, payout.reference);
      }
    } catch (error) {
      if (error instanceof ProviderRequestError) {
        await giveBack(services, payout.id, 'failed', ['pending'], `Refused by Paystack: ${error.message}`, null);
        return;
      }
      await em.nativeUpdate(
        PayoutSchema,
        { id: payout.id, status: 'pending' },
        { failureReason: truncate(`Transfer not confirmed yet: ${messageOf(error)}`), updatedAt: new Date() },
      );
    }
  } finally {
    sending.delete(payout.reference);
  }
}

// ---------------------------------------------------------------------------------------------------------
// The run

/**
 * Step 1 of a run, and the job that settles in-flight payouts: `pending` payouts (written, the transfer
 * never confirmed sent: a crash or a provider failure) are sent with their own reference, to the account
 * recorded on them; `processing` ones are asked about with GET /transfer/verify and their outcome applied.
 * Answers the ids of the payouts it touched.
 */
export async function settleInFlight(services: Services): Promise<number[]> {
  const em = services.orm.em.fork() as Em;
  const open = await em.find(
    PayoutSchema,
    { status: { $in: ['pending', 'processing'] } },
    { populate: ['vendor'], orderBy: { id: 'asc' }, limit: 500 },
  );
  const touched: number[] = [];
  for (const payout of open) {
    if (sending.has(payout.reference)) continue;
    try {
      if (payout.status === 'processing') {
        await applyTransferOutcome({ em: services.orm.em.fork() as Em, services }, payout.reference);
      } else {
        // Sent before, with its answer lost? Paystack knows the reference then, and that is the answer.
        const outcome = await applyTransferOutcome({ em: services.orm.em.fork() as Em, services }, payout.reference);
        if (outcome === 'unknown') await sendPayout(services, payout.id);
      }
      touched.push(payout.id);
    } catch {
      // Paystack unreachable for this one: it stays as it is for the next run.
    }
  }
  return touched;
}

export interface RunOptions {
  trigger: 'schedule' | 'admin';
  /** The admin who started the run. */
  actorId?: number;
}

/** The shops with at least `minimum` (and more than zero) available as of `at`, with that amount. */
async function availableBalances(em: Em, at: Date, minimumKobo: number): Promise<Map<number, number>> {
  const rows = await em
    .createQueryBuilder(LedgerEntrySchema, 'e')
    .select(['e.vendor', raw('sum(e.amount_kobo) as total')])
    .where({ bucket: 'available', vendor: { $ne: null }, effectiveAt: { $lte: at } })
    .groupBy('e.vendor')
    .execute<{ vendor_id: number | string; total: number | string | null }[]>('all', false);
  const owed = new Map<number, number>();
  for (const row of rows) {
    const total = Number(row.total ?? 0);
    if (total > 0 && total >= minimumKobo) owed.set(Number(row.vendor_id), total);
  }
  return owed;
}

/**
 * Writes one shop's payout (step 2): in one transaction, claims the shop's next payout number with a
 * conditional update (another run that got there first makes it 0 rows: nothing is written), reads the
 * available balance again under that claim, and writes the `pending` payout and its entries. Answers the
 * payout's id, or null when there was nothing (left) to pay.
 */
async function createPayout(services: Services, vendorId: number, minimumKobo: number): Promise<number | null> {
  const em = services.orm.em.fork() as Em;
  const vendor = await em.findOne(VendorSchema, { id: vendorId }, { fields: ['payoutSeq'] });
  if (!vendor) return null;
  const seq = vendor.payoutSeq;
  return em
    .transactional(async (tx) => {
      const t = tx as Em;
      const claimed = await t.nativeUpdate(VendorSchema, { id: vendorId, payoutSeq: seq }, { payoutSeq: seq + 1 });
      if (claimed !== 1) return null;
      const now = services.clock.now();
      // Read again under the claim (the shop's row is ours until commit; a bank change waits for it, or came
      // first and is seen here): the account recorded is the one verified now and unchanged since its pause.
      const shop = await t.findOne(VendorSchema, { id: vendorId }, { populate: ['user'], disableIdentityMap: true });
      const account = shop ? payableAccountOf(shop, now) : null;
      if (!account) throw new NothingToPay();
      const { availableKobo } = await balanceOf(t, vendorId, now);
      if (availableKobo <= 0 || availableKobo < minimumKobo) {
        // Paid by another run between our first read and the claim: undo the claim with the transaction.
        throw new NothingToPay();
      }
      const payout = t.create(PayoutSchema, {
        vendor: vendorId,
        amountKobo: availableKobo,
        status: 'pending',
        reference: newPayoutReference(vendorId),
        ...account,
      });
      await t.flush();
      await writeEntries(t, [
        {
          key: `payout:${payout.id}:payout:available`,
          vendorId,
          bucket: 'available',
          kind: 'payout',
          amountKobo: -availableKobo,
          effectiveAt: now,
          createdAt: now,
          payoutId: payout.id,
        },
        {
          key: `payout:${payout.id}:payout:paid_out`,
          vendorId,
          bucket: 'paid_out',
          kind: 'payout',
          amountKobo: availableKobo,
          effectiveAt: now,
          createdAt: now,
          payoutId: payout.id,
        },
      ]);
      return payout.id;
    })
    .catch((error: unknown) => {
      if (error instanceof NothingToPay) return null;
      throw error;
    });
}

class NothingToPay extends Error {}

/**
 * What a payout records of the shop's account, or null when the shop may not be paid now: verified, owner
 * active, a resolved bank account, and no bank change within the pause.
 */
function payableAccountOf(shop: Vendor, now: Date) {
  const paused = shop.payoutsPausedUntil && shop.payoutsPausedUntil > now;
  if (!shop.verifiedAt || shop.user.status !== 'active' || paused) return null;
  if (!shop.bankCode || !shop.resolvedAccountName) return null;
  return {
    // Made before the payout is written (null if Paystack could not be reached: recorded before sending).
    recipientCode: shop.transferRecipientCode ?? null,
    bankCode: shop.bankCode,
    bankName: shop.bankName,
    accountLast4: shop.accountNumber.slice(-4),
  };
}

const NO_RECORDED_ACCOUNT = 'Cancelled before sending: no bank account was recorded on it. Paid again in the next run.';
const NOT_THE_RECORDED_ACCOUNT =
  "Cancelled before sending: the shop's bank account is no longer the one recorded. The money is back in the available balance.";
export const BANK_CHANGE_CANCEL_REASON =
  "Cancelled before sending: the shop's bank account was changed. The money is back in the available balance.";

/**
 * A bank change of the shop, in the transaction that stores it (called after the shop's row is written, so a
 * payout run waits for it or committed first): cancels every payout of the shop that its transfer step has
 * not taken (`pending`, no transfer requested), with the money back in the available balance (reversal
 * entries). Those already taken may exist at Paystack and stay with the account recorded on them. Answers
 * how many were cancelled and their sum in kobo.
 */
export async function cancelUnsentPayouts(
  em: Em,
  services: Services,
  vendorId: number,
): Promise<{ count: number; amountKobo: number }> {
  const unsent = await em.find(
    PayoutSchema,
    { vendor: vendorId, status: 'pending', transferRequestedAt: null },
    { fields: ['id', 'amountKobo'], disableIdentityMap: true },
  );
  const now = services.clock.now();
  let count = 0;
  let amountKobo = 0;
  for (const payout of unsent) {
    const changed = await em.nativeUpdate(
      PayoutSchema,
      { id: payout.id, status: 'pending', transferRequestedAt: null },
      { status: 'cancelled', settledAt: now, failureReason: BANK_CHANGE_CANCEL_REASON, updatedAt: new Date() },
    );
    if (changed !== 1) continue;
    await writeReversal(em, { id: payout.id, vendorId, amountKobo: payout.amountKobo }, now);
    count += 1;
    amountKobo += payout.amountKobo;
  }
  return { count, amountKobo };
}

/**
 * One payout run (the daily job, or an admin's POST /admin/payouts/run): resumes earlier payouts, then pays
 * every eligible shop its available balance as of `clock.now()`. Eligible: verified, owner not suspended,
 * a resolved bank account (bank code and account name), payouts not paused, and an available balance of at
 * least the payout minimum and above zero. Safe to run twice at once, in one process or in two.
 */
export async function runPayouts(services: Services, options: RunOptions): Promise<PayoutRunDto> {
  // Recorded (committed) before any work, so a run killed half-way still leaves its trace in the audit log.
  const em = services.orm.em.fork() as Em;
  const actor = options.actorId ?? null;
  const started = recordAction(em, actor, 'payouts_run_started', 'payout', null, { trigger: options.trigger });
  await em.flush();
  const ended = (action: string, details: Record<string, unknown>) => {
    const end = services.orm.em.fork() as Em;
    recordAction(end, actor, action, 'payout', null, { run_id: started.id, trigger: options.trigger, ...details });
    return end.flush();
  };
  try {
    const result = await payEligibleShops(services);
    await ended('payouts_run', {
      created: result.created,
      resumed: result.resumed,
      total_amount: result.total_amount,
      payout_ids: result.payouts.map((p) => p.id),
    });
    return result;
  } catch (error) {
    await ended('payouts_run_failed', { error: error instanceof Error ? error.message.slice(0, 500) : String(error) });
    throw error;
  }
}

/** The work of a payout run: in-flight payouts settled, then each eligible shop's payout written and sent. */
async function payEligibleShops(services: Services): Promise<PayoutRunDto> {
  const resumedIds = await settleInFlight(services);

  const em = services.orm.em.fork() as Em;
  const now = services.clock.now();
  const { payoutMinimumKobo } = await financeSettings(em);
  const owed = await availableBalances(em, now, payoutMinimumKobo);
  const eligible =
    owed.size === 0
      ? []
      : await em.find(
          VendorSchema,
          {
            id: { $in: [...owed.keys()] },
            verifiedAt: { $ne: null },
            user: { status: 'active' },
            bankCode: { $ne: null },
            resolvedAccountName: { $ne: null },
            $or: [{ payoutsPausedUntil: null }, { payoutsPausedUntil: { $lte: now } }],
          },
          { fields: ['id'], orderBy: { id: 'asc' } },
        );

  const createdIds: number[] = [];
  for (const vendor of eligible) {
    // Made before the payout is written, so the payout records it; Paystack down leaves it for the send.
    await recipientOfShop(services, vendor.id).catch(() => null);
    const id = await createPayout(services, vendor.id, payoutMinimumKobo);
    if (id !== null) createdIds.push(id);
  }
  // Step 3, after every commit: a failure of one shop's transfer leaves its payout pending, not the others'.
  for (const id of createdIds) await sendPayout(services, id);

  const ids = [...new Set([...resumedIds, ...createdIds])];
  const payouts =
    ids.length === 0
      ? []
      : await (services.orm.em.fork() as Em).find(
          PayoutSchema,
          { id: { $in: ids } },
          { populate: ['vendor'], orderBy: { id: 'asc' } },
        );
  const created = payouts.filter((p) => createdIds.includes(p.id));
  return {
    created: created.length,
    resumed: resumedIds.length,
    total_amount: koboToNaira(created.reduce((sum, p) => sum + p.amountKobo, 0)),
    payouts: payouts.map(toPayoutDto),
  };
}

/** Runs started by an admin in this process and not finished: a second is refused meanwhile. */
const adminRuns = new WeakSet<Services>();

/** POST /admin/payouts/run: a run now, recorded in the audit log (its start, then what it paid). */
export async function runPayoutsAsAdmin(ctx: AuthedContext): Promise<PayoutRunDto> {
  if (adminRuns.has(ctx.services)) {
    throw new DomainError('CONFLICT', 'A payout run is already in progress. Try again when it has finished.');
  }
  adminRuns.add(ctx.services);
  try {
    // runPayouts records the run in the audit log, with this admin as its actor.
    return await runPayouts(ctx.services, { trigger: 'admin', actorId: ctx.user.id });
  } finally {
    adminRuns.delete(ctx.services);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Reading

type Paging = z.output<typeof PagingQuery>;

async function pageOfPayouts(em: Em, where: Record<string, unknown>, query: Paging): Promise<PagedPayoutsDto> {
  const [rows, total] = await em.findAndCount(PayoutSchema, where, {
    populate: ['vendor'],
    orderBy: { createdAt: 'desc', id: 'desc' },
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { data: rows.map(toPayoutDto), ...pageOf(total, query) };
}

/** GET /vendor/payouts: the caller's shop's payouts, newest first. */
export function listVendorPayouts(ctx: VendorContext, query: Paging): Promise<PagedPayoutsDto> {
  return pageOfPayouts(ctx.em, { vendor: ctx.vendor.id }, query);
}

/** GET /admin/payouts: every shop's payouts, newest first, by status and shop when asked. */
export function listPayouts(ctx: AuthedContext, query: z.output<typeof AdminPayoutsQuery>): Promise<PagedPayoutsDto> {
  return pageOfPayouts(
    ctx.em,
    {
      ...(query.status ? { status: query.status } : {}),
      ...(query.vendor_id ? { vendor: query.vendor_id } : {}),
    },
    query,
  );
}
