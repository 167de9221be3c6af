import { randomUUID } from 'node:crypto';
import {
  type AdjustmentDto,
  type AdjustmentInput,
  type AdminFinanceDto,
  CURRENCY,
  ERROR_MESSAGES,
  type FinanceSettingsDto,
  type FinanceSettingsInput,
  formatKobo,
  koboToNaira,
  type LedgerBucket,
  type LedgerKind,
  nairaToKobo,
  type PagedLedgerDto,
  type PagingQuery,
  type VendorBalanceDto,
  type VendorCommissionDto,
  type VendorCommissionInput,
} from '@caps/contracts';
import { LockMode, raw } from '@mikro-orm/core';
import type { z } from 'zod';
import type { AuthedContext, VendorContext } from '../../access/roles.js';
import type { Em } from '../../db/orm.js';
import { DomainError } from '../../errors.js';
import { pageOf } from '../admin/admin.mapper.js';
import { recordAdminAction } from '../admin/audit.js';
import { OrderSchema } from '../orders/orders.entities.js';
import { type Vendor, VendorSchema } from '../vendors/vendors.entities.js';
import { LedgerEntrySchema, PayoutSchema, PlatformSettingsSchema } from './finance.entities.js';
import {
  type FinancePeriodKobo,
  toFinancePeriodDto,
  toFinanceSettingsDto,
  toLedgerEntryDto,
  toVendorBalanceDto,
} from './finance.mapper.js';
import {
  balanceOf,
  bpOfPercent,
  commissionOf,
  type FinanceSettings,
  financeSettings,
  type NewEntry,
  nextReleaseOf,
  percentOfBp,
  writeEntries,
} from './ledger.js';

/**
 * The money rules of docs/finance.md that write the ledger (paid orders, releases at delivery, admin
 * adjustments) and the reads of it (a shop's balance and entries, the admin's finance figures), with the
 * admin's finance settings and per-shop commission. Writers take the EntityManager of the transaction of
 * the change that causes the entries; every key names its event, so a retry writes nothing twice.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The rate a shop's next paid order gets: its own, else the platform's. */
const rateOf = (vendor: Pick<Vendor, 'commissionBp'>, settings: FinanceSettings): number =>
  vendor.commissionBp ?? settings.commissionBp;

/**
 * The entries of the "Order paid" row of docs/finance.md for every order of a checkout just paid, with the
 * commission rate in force now. Call in the payment's apply transaction, after the checkout was claimed.
 *
 * Who bears a coupon: one with a vendor is the shop's (the shop is credited the subtotal after it); one
 * without is the platform's (the shop is credited the whole subtotal, the platform records the discount).
 * An order whose coupon was deleted since it was placed (a shop may delete its own coupons; the platform's
 * are not deleted) is taken as the shop's. Answers the number of entries written (0 on a retry).
 */
export async function recordPaidOrders(em: Em, checkoutId: number, at: Date): Promise<number> {
  const orders = await em.find(
    OrderSchema,
    { checkout: checkoutId },
    { populate: ['vendor', 'coupon'], orderBy: { id: 'asc' } },
  );
  if (orders.length === 0) return 0;
  const settings = await financeSettings(em);
  const entries: NewEntry[] = [];
  for (const order of orders) {
    const vendorId = order.vendor.id;
    const coupon = order.coupon ?? null;
    const platformCoupon = order.discountKobo > 0 && coupon !== null && (coupon.vendor ?? null) === null;
    const platformDiscount = platformCoupon ? order.discountKobo : 0;
    const credit = order.subtotalKobo - (order.discountKobo - platformDiscount);
    const rateBp = rateOf(order.vendor, settings);
    const commission = commissionOf(credit, rateBp);
    const key = (part: string) => `order:${order.id}:${part}`;
    const base = { orderId: order.id, effectiveAt: at, createdAt: at };
    entries.push(
      { ...base, key: key('sale:pending'), vendorId, bucket: 'pending', kind: 'sale', amountKobo: credit },
      {
        ...base,
        key: key('commission:pending'),
        vendorId,
        bucket: 'pending',
        kind: 'commission',
        amountKobo: -commission,
        rateBp,
      },
      {
        ...base,
        key: key('commission:platform'),
        vendorId: null,
        bucket: 'platform',
        kind: 'commission',
        amountKobo: commission,
        rateBp,
      },
    );
    if (order.shippingKobo > 0) {
      entries.push({
        ...base,
        key: key('shipping:platform'),
        vendorId: null,
        bucket: 'platform',
        kind: 'shipping',
        amountKobo: order.shippingKobo,
      });
    }
    if (platformDiscount > 0) {
      entries.push({
        ...base,
        key: key('platform_coupon:platform'),
        vendorId: null,
        bucket: 'platform',
        kind: 'platform_coupon',
        amountKobo: -platformDiscount,
      });
    }
  }
  return writeEntries(em, entries);
}

/**
 * The release pair of an order delivered at `deliveredAt`: its net credit (sale, the shop's commission and
 * its refund entries in pending) moves from pending to available at the end of the return window in force
 * now (0 days: at delivery). Call in the transaction of the status change. An order paid before the ledger existed has no
 * credit to release and writes nothing. Answers the number of entries written (0 on a retry).
 */
export async function scheduleRelease(
  em: Em,
  order: { id: number; vendorId: number },
  deliveredAt: Date,
): Promise<number> {
  const [row] = await em
    .createQueryBuilder(LedgerEntrySchema, 'e')
    .select([raw('count(*) as entries'), raw('sum(e.amount_kobo) as total')])
    .where({
      orderId: order.id,
      vendor: order.vendorId,
      bucket: 'pending',
      // The refunds before delivery (docs/returns.md) are not released: the net is what is left.
      kind: { $in: ['sale', 'commission', 'refund'] },
    })
    .execute<{ entries: number | string; total: number | string | null }[]>('all', false);
  if (!row || Number(row.entries) === 0) return 0;
  const net = Number(row.total ?? 0);
  const { returnWindowDays } = await financeSettings(em);
  const effectiveAt = new Date(deliveredAt.getTime() + returnWindowDays * DAY_MS);
  const base = {
    orderId: order.id,
    vendorId: order.vendorId,
    kind: 'release' as const,
    reason: 'The return window passed',
    effectiveAt,
    createdAt: deliveredAt,
  };
  return writeEntries(em, [
    { ...base, key: `order:${order.id}:release:pending`, bucket: 'pending', amountKobo: -net },
    { ...base, key: `order:${order.id}:release:available`, bucket: 'available', amountKobo: net },
  ]);
}

// ---------------------------------------------------------------------------------------------------------
// The shop's own reads

async function balanceDto(em: Em, vendor: Pick<Vendor, 'id' | 'payoutsPausedUntil'>, now: Date) {
  const [balance, nextRelease] = await Promise.all([balanceOf(em, vendor.id, now), nextReleaseOf(em, vendor.id, now)]);
  const paused = vendor.payoutsPausedUntil && vendor.payoutsPausedUntil > now ? vendor.payoutsPausedUntil : null;
  return toVendorBalanceDto(balance, nextRelease, paused);
}

/** GET /vendor/balance: the caller's shop, as of now. */
export async function vendorBalance(ctx: VendorContext): Promise<VendorBalanceDto> {
  return balanceDto(ctx.em, ctx.vendor, ctx.services.clock.now());
}

/** GET /vendor/ledger: the caller's shop's entries, newest first (scheduled releases included). */
export async function vendorLedger(ctx: VendorContext, query: z.output<typeof PagingQuery>): Promise<PagedLedgerDto> {
  const [entries, total] = await ctx.em.findAndCount(
    LedgerEntrySchema,
    { vendor: ctx.vendor.id },
    { orderBy: { createdAt: 'desc', id: 'desc' }, limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  return { data: entries.map(toLedgerEntryDto), ...pageOf(total, query) };
}

// ---------------------------------------------------------------------------------------------------------
// Admin: settings, per-shop commission, adjustments, figures

/** GET /admin/settings. */
export async function getSettings(ctx: AuthedContext): Promise<FinanceSettingsDto> {
  return toFinanceSettingsDto(await financeSettings(ctx.em));
}

type SettingsValues = Omit<FinanceSettings, 'updatedAt'>;

const settingsDetails = (values: SettingsValues) => ({
  commission_percent: percentOfBp(values.commissionBp),
  payout_minimum: koboToNaira(values.payoutMinimumKobo),
  return_window_days: values.returnWindowDays,
});

/**
 * PUT /admin/settings: the fields sent change, the others keep their values. Row 1 is created on the first
 * save (an insert that ignores a concurrent one) and then locked, so two saves at once apply one after the
 * other, each audited with the values before and after. Saving the values in force writes nothing.
 */
export async function updateSettings(
  ctx: AuthedContext,
  input: z.output<typeof FinanceSettingsInput>,
): Promise<FinanceSettingsDto> {
  const merge = (current: SettingsValues): SettingsValues => ({
    commissionBp: input.commission_percent === undefined ? current.commissionBp : bpOfPercent(input.commission_percent),
    payoutMinimumKobo:
      input.payout_minimum === undefined ? current.payoutMinimumKobo : nairaToKobo(input.payout_minimum),
    returnWindowDays: input.return_window_days ?? current.returnWindowDays,
  });
  const same = (a: SettingsValues, b: SettingsValues) =>
    a.commissionBp === b.commissionBp &&
    a.payoutMinimumKobo === b.payoutMinimumKobo &&
    a.returnWindowDays === b.returnWindowDays;
  const audit = (em: Em, from: SettingsValues, to: SettingsValues) =>
    recordAdminAction(em, ctx, 'settings.update', 'settings', 1, {
      from: settingsDetails(from),
      to: settingsDetails(to),
    });

  await ctx.em.fork().transactional(async (tx) => {
    const em = tx as Em;
    let row = await em.findOne(PlatformSettingsSchema, { id: 1 }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!row) {
      const defaults = await financeSettings(em);
      const next = merge(defaults);
      if (same(defaults, next)) return;
      const inserted = await em
        .createQueryBuilder(PlatformSettingsSchema)
        .insert({ id: 1, ...next, updatedAt: new Date() })
        .onConflict('id')
        .ignore()
        .execute('run');
      if ((inserted as { affectedRows?: number }).affectedRows === 1) {
        audit(em, defaults, next);
        await em.flush();
        return;
      }
      // Another admin saved first: change their row, after them.
      row = await em.findOneOrFail(PlatformSettingsSchema, { id: 1 }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    }
    const current: SettingsValues = {
      commissionBp: row.commissionBp,
      payoutMinimumKobo: row.payoutMinimumKobo,
      returnWindowDays: row.returnWindowDays,
    };
    const next = merge(current);
    if (same(current, next)) return;
    Object.assign(row, next);
    audit(em, current, next);
    await em.flush();
  });
  return toFinanceSettingsDto(await financeSettings(ctx.em));
}

async function findVendor(em: Em, id: number, lock = false): Promise<Vendor> {
  const vendor = await em.findOne(
    VendorSchema,
    { id },
    lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : { disableIdentityMap: true },
  );
  if (!vendor) throw new DomainError('NOT_FOUND', ERROR_MESSAGES.vendorNotFound);
  return vendor;
}

/**
 * PUT /admin/vendors/{id}/commission: the shop's own rate, or null to follow the platform's. It applies to
 * orders paid from now on; orders already paid keep the rate written on their entries. Audited.
 */
export async function setCommission(
  ctx: AuthedContext,
  input: z.output<typeof VendorCommissionInput>,
): Promise<VendorCommissionDto> {
  const bp = input.commission_percent === null ? null : bpOfPercent(input.commission_percent);
  const vendor = await ctx.em.fork().transactional(async (tx) => {
    const em = tx as Em;
    const found = await findVendor(em, input.id, true);
    const from = found.commissionBp ?? null;
    if (from === bp) return found;
    found.commissionBp = bp;
    recordAdminAction(em, ctx, 'vendor.commission', 'vendor', found.id, {
      shop_name: found.shopName,
      from: from === null ? null : percentOfBp(from),
      to: bp === null ? null : percentOfBp(bp),
    });
    await em.flush();
    return found;
  });
  const settings = await financeSettings(ctx.em);
  return {
    vendor_id: vendor.id,
    commission_percent: vendor.commissionBp == null ? null : percentOfBp(vendor.commissionBp),
    effective_percent: percentOfBp(rateOf(vendor, settings)),
  };
}

export const negativeAdjustmentMessage = (availableKobo: number) =>
  `This adjustment would make the shop's available balance negative: it has ${formatKobo(availableKobo)} available.`;

/**
 * POST /admin/vendors/{id}/adjustments: money added to (or taken from) the shop's available balance, borne
 * by the platform, with the admin's reason. The shop's row is locked for the transaction (a payout run
 * takes it too), so a deduction is checked against the balance a concurrent payout left: one that would
 * make it negative is 422 and writes nothing. Audited.
 */
export async function adjust(ctx: AuthedContext, input: z.output<typeof AdjustmentInput>): Promise<AdjustmentDto> {
  const amountKobo = nairaToKobo(input.amount);
  const key = `adjustment:${randomUUID()}`;
  const vendorId = await ctx.em.fork().transactional(async (tx) => {
    const em = tx as Em;
    const vendor = await findVendor(em, input.id, true);
    const now = ctx.services.clock.now();
    if (amountKobo < 0) {
      const { availableKobo } = await balanceOf(em, vendor.id, now);
      if (availableKobo + amountKobo < 0) {
        const message = negativeAdjustmentMessage(availableKobo);
        throw new DomainError('VALIDATION', message, { amount: [message] });
      }
    }
    const base = {
      kind: 'adjustment' as const,
      effectiveAt: now,
      createdAt: now,
      reason: input.reason,
      actorId: ctx.user.id,
    };
    await writeEntries(em, [
      { ...base, key: `${key}:adjustment:available`, vendorId: vendor.id, bucket: 'available', amountKobo },
      { ...base, key: `${key}:adjustment:platform`, vendorId: null, bucket: 'platform', amountKobo: -amountKobo },
    ]);
    recordAdminAction(em, ctx, 'vendor.adjustment', 'vendor', vendor.id, {
      shop_name: vendor.shopName,
      amount: input.amount,
      reason: input.reason,
      key,
    });
    await em.flush();
    return vendor.id;
  });
  const em = ctx.em.fork() as Em;
  const entry = await em.findOneOrFail(LedgerEntrySchema, { key: `${key}:adjustment:available` });
  const vendor = await findVendor(em, vendorId);
  return { entry: toLedgerEntryDto(entry), balance: await balanceDto(em, vendor, ctx.services.clock.now()) };
}

interface KindSum {
  kind: LedgerKind;
  bucket: LedgerBucket;
  total: number;
}

async function sumsByKind(em: Em, from: Date | null, to: Date, toInclusive: boolean): Promise<KindSum[]> {
  const rows = await em
    .createQueryBuilder(LedgerEntrySchema, 'e')
    .select(['e.kind', 'e.bucket', raw('sum(e.amount_kobo) as total')])
    .where({
      effectiveAt: { ...(from ? { $gte: from } : {}), ...(toInclusive ? { $lte: to } : { $lt: to }) },
    })
    .groupBy(['e.kind', 'e.bucket'])
    .execute<{ kind: LedgerKind; bucket: LedgerBucket; total: number | string | null }[]>('all', false);
  return rows.map((r) => ({ kind: r.kind, bucket: r.bucket, total: Number(r.total ?? 0) }));
}

/** The figures of a period from the sums of its entries by kind and bucket. */
function periodOf(sums: KindSum[]): FinancePeriodKobo {
  const sum = (match: (s: KindSum) => boolean) => sums.filter(match).reduce((total, s) => total + s.total, 0);
  const paidKinds: LedgerKind[] = ['sale', 'commission', 'shipping', 'platform_coupon'];
  return {
    // The "Order paid" entries of an order add up to its total: what the buyer paid for it.
    collected: sum((s) => paidKinds.includes(s.kind)),
    commissionEarned: sum((s) => s.kind === 'commission' && s.bucket === 'platform'),
    shippingCollected: sum((s) => s.kind === 'shipping'),
    platformCoupons: -sum((s) => s.kind === 'platform_coupon'),
    // Payouts sent less those that failed or were reversed.
    paidOut: sum((s) => s.bucket === 'paid_out'),
  };
}

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));

/**
 * GET /admin/finance. Months are calendar months in UTC (as the admin dashboard's Monthly Revenue): in
 * Lagos (UTC+1) a month starts at 01:00 on its first day. A period holds the entries that count in it
 * (`effectiveAt`): an order's paid entries count from its payment. The amounts owed are as of now.
 */
export async function financeSummary(ctx: AuthedContext): Promise<AdminFinanceDto> {
  const em = ctx.em;
  const now = ctx.services.clock.now();
  const thisMonth = monthStart(now.getUTCFullYear(), now.getUTCMonth());
  const lastMonth = monthStart(now.getUTCFullYear(), now.getUTCMonth() - 1);
  const [allTime, current, previous, owed, inFlight, settings] = await Promise.all([
    sumsByKind(em, null, now, true),
    sumsByKind(em, thisMonth, now, true),
    sumsByKind(em, lastMonth, thisMonth, false),
    em
      .createQueryBuilder(LedgerEntrySchema, 'e')
      .select(['e.bucket', raw('sum(e.amount_kobo) as total')])
      .where({ vendor: { $ne: null }, bucket: { $in: ['pending', 'available'] }, effectiveAt: { $lte: now } })
      .groupBy('e.bucket')
      .execute<{ bucket: LedgerBucket; total: number | string | null }[]>('all', false),
    em
      .createQueryBuilder(PayoutSchema, 'p')
      .select(raw('sum(p.amount_kobo) as total'))
      .where({ status: { $in: ['pending', 'processing'] } })
      .execute<{ total: number | string | null }[]>('all', false),
    financeSettings(em),
  ]);
  const owedOf = (bucket: LedgerBucket) => Number(owed.find((r) => r.bucket === bucket)?.total ?? 0);
  return {
    currency: CURRENCY,
    all_time: toFinancePeriodDto(periodOf(allTime)),
    this_month: toFinancePeriodDto(periodOf(current)),
    last_month: toFinancePeriodDto(periodOf(previous)),
    owed_pending: koboToNaira(owedOf('pending')),
    owed_available: koboToNaira(owedOf('available')),
    payouts_in_flight: koboToNaira(Number(inFlight[0]?.total ?? 0)),
    settings: toFinanceSettingsDto(settings),
  };
}
