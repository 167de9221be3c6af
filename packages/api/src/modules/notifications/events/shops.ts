import type { Services } from '../../../context.js';
import type { Em } from '../../../db/orm.js';
import { PayoutSchema } from '../../finance/finance.entities.js';
import { ReportSchema } from '../../reports/reports.entities.js';
import { ReviewSchema } from '../../reviews/reviews.entities.js';
import { VendorSchema } from '../../vendors/vendors.entities.js';
import { adminRecipients, notify } from '../notify.js';
import {
  newReportMessage,
  newReviewMessage,
  type PayoutData,
  payoutMessage,
  reportResolvedMessage,
  shopSuspendedMessage,
  shopVerifiedMessage,
} from '../templates/shops.js';
import { noticeOf, userRecipient } from './notices.js';

/**
 * The shop events (issue 14): verification and suspension, reviews, reports and payouts. Called with the
 * transaction's `em`, inside the transaction of the change, after it is flushed; reads skip the identity map.
 */

const fresh = { disableIdentityMap: true } as const;

const loadShop = (em: Em, vendorId: number) =>
  em.findOneOrFail(VendorSchema, { id: vendorId }, { populate: ['user'], ...fresh });

/** An admin verified the shop (once: a shop stays verified): its owner is told (shop_verified). */
export async function shopVerified(em: Em, services: Services, vendorId: number): Promise<void> {
  const shop = await loadShop(em, vendorId);
  const rendered = shopVerifiedMessage(services.config.publicUrl, {
    ownerName: shop.user.fullName,
    shopName: shop.shopName,
  });
  await notify(em, services, [
    noticeOf(`vendor:${shop.id}:verified`, 'shop_verified', userRecipient(shop.user), rendered),
  ]);
}

/**
 * An admin suspended the shop's owner: the owner is told with the reason (shop_suspended). `suspension`
 * tells this suspension from an earlier one of the same shop (reinstated since).
 */
export async function shopSuspended(
  em: Em,
  services: Services,
  vendorId: number,
  reason: string | null,
  suspension: string,
): Promise<void> {
  const shop = await loadShop(em, vendorId);
  const rendered = shopSuspendedMessage(services.config.publicUrl, {
    ownerName: shop.user.fullName,
    shopName: shop.shopName,
    reason,
  });
  await notify(em, services, [
    noticeOf(`vendor:${shop.id}:suspended:${suspension}`, 'shop_suspended', userRecipient(shop.user), rendered),
  ]);
}

/** A customer reviewed a cap of the shop, or the shop: its owner is told (new_review, not essential). */
export async function reviewPosted(em: Em, services: Services, reviewId: number): Promise<void> {
  const review = await em.findOneOrFail(ReviewSchema, { id: reviewId }, { populate: ['user', 'product'], ...fresh });
  const vendorId = review.vendor?.id ?? review.product?.vendor.id;
  if (!vendorId) return;
  const shop = await loadShop(em, vendorId);
  const rendered = newReviewMessage(services.config.publicUrl, {
    ownerName: shop.user.fullName,
    shopName: shop.shopName,
    vendorId: shop.id,
    product: review.product ? { id: review.product.id, name: review.product.name } : null,
    reviewerName: review.user?.fullName ?? 'A customer',
    rating: review.rating,
    comment: review.comment,
  });
  await notify(em, services, [
    noticeOf(`review:${review.id}:posted`, 'new_review', userRecipient(shop.user), rendered),
  ]);
}

const loadReport = (em: Em, reportId: number) =>
  em.findOneOrFail(ReportSchema, { id: reportId }, { populate: ['reporter', 'vendor.user'], ...fresh });

/** A customer reported a shop: every active admin is told (new_report). */
export async function reportCreated(em: Em, services: Services, reportId: number): Promise<void> {
  const report = await loadReport(em, reportId);
  const rendered = newReportMessage(services.config.publicUrl, {
    vendorId: report.vendor.id,
    shopName: report.vendor.shopName,
    reason: report.reason,
    description: report.description,
    reporterName: report.reporter?.fullName ?? null,
  });
  const admins = await adminRecipients(em);
  await notify(
    em,
    services,
    admins.map((admin) => noticeOf(`report:${report.id}:created`, 'new_report', admin, rendered)),
  );
}

/**
 * An admin set a report about the shop to resolved: the shop's owner is told, never who reported it
 * (report_resolved). `resolution` tells this resolution from an earlier one (the report was reopened since).
 */
export async function reportResolved(em: Em, services: Services, reportId: number, resolution: string): Promise<void> {
  const report = await loadReport(em, reportId);
  const rendered = reportResolvedMessage(services.config.publicUrl, {
    ownerName: report.vendor.user.fullName,
    shopName: report.vendor.shopName,
    reason: report.reason,
  });
  await notify(em, services, [
    noticeOf(
      `report:${report.id}:resolved:${resolution}`,
      'report_resolved',
      userRecipient(report.vendor.user),
      rendered,
    ),
  ]);
}

/**
 * A payout's transfer outcome was applied (sent, failed, or reversed after a success): the shop's owner is
 * told the amount, the account's last 4 digits and, on failure, the reason (payout_sent, payout_failed).
 */
export async function payoutSettled(
  em: Em,
  services: Services,
  payoutId: number,
  outcome: PayoutData['outcome'],
): Promise<void> {
  const payout = await em.findOneOrFail(PayoutSchema, { id: payoutId }, { populate: ['vendor.user'], ...fresh });
  const shop = payout.vendor;
  const rendered = payoutMessage(services.config.publicUrl, {
    ownerName: shop.user.fullName,
    shopName: shop.shopName,
    amountKobo: payout.amountKobo,
    reference: payout.reference,
    // The account the payout went to (recorded on it), not the shop's current one after a bank change.
    bankName: payout.bankName ?? shop.bankName,
    accountNumber: payout.accountLast4 ?? shop.accountNumber,
    outcome,
    reason: outcome === 'sent' ? null : (payout.failureReason ?? null),
  });
  await notify(em, services, [
    noticeOf(
      `payout:${payout.id}:${outcome}`,
      outcome === 'sent' ? 'payout_sent' : 'payout_failed',
      userRecipient(shop.user),
      rendered,
    ),
  ]);
}
