import { CONTACT, formatKobo } from '@caps/contracts';
import { facts, lastFour, message, paragraph, quote, type Rendered, WEB_PATHS } from './parts.js';

/**
 * Messages about a shop: shop_verified, shop_suspended, new_review, report_resolved, payout_sent and
 * payout_failed (to its owner), new_report (to the admins).
 */

export interface ShopData {
  ownerName: string;
  shopName: string;
}

/** shop_verified: the shop and its caps are public now. */
export function shopVerifiedMessage(publicUrl: string, data: ShopData): Rendered {
  return message({
    publicUrl,
    kind: 'shop_verified',
    greetingName: data.ownerName,
    subject: `Your shop ${data.shopName} is verified`,
    summary: `Your shop ${data.shopName} is verified: customers can now find and buy your caps.`,
    link: { label: 'Open your dashboard', path: WEB_PATHS.vendorDashboard },
  });
}

/** shop_suspended: the reason, and where to ask about it. */
export function shopSuspendedMessage(publicUrl: string, data: ShopData & { reason: string | null }): Rendered {
  return message({
    publicUrl,
    kind: 'shop_suspended',
    greetingName: data.ownerName,
    subject: `Your shop ${data.shopName} was suspended`,
    summary: `Your shop ${data.shopName} was suspended: its caps are hidden from customers and you cannot sign in.`,
    blocks: [
      quote('Reason', data.reason),
      paragraph(`If you think this is a mistake, write to us at ${CONTACT.email} or call ${CONTACT.phone}.`),
    ],
    link: { label: 'Contact us', path: WEB_PATHS.contact },
  });
}

export interface NewReviewData extends ShopData {
  vendorId: number;
  /** The reviewed cap, or null for a review of the shop. */
  product: { id: number; name: string } | null;
  reviewerName: string;
  rating: number;
  comment: string;
}

/** new_review: who reviewed what, the rating and the comment. */
export function newReviewMessage(publicUrl: string, data: NewReviewData): Rendered {
  const what = data.product ? data.product.name : `your shop ${data.shopName}`;
  return message({
    publicUrl,
    kind: 'new_review',
    greetingName: data.ownerName,
    subject: `New ${data.rating}-star review of ${what}`,
    summary: `${data.reviewerName} gave ${what} ${data.rating} out of 5 stars.`,
    blocks: [quote('Their review', data.comment)],
    link: data.product
      ? { label: 'See the cap', path: WEB_PATHS.product(data.product.id) }
      : { label: 'See your shop', path: WEB_PATHS.shop(data.vendorId) },
  });
}

/** report_resolved: a report about the shop was dealt with (the reporter is never named to the shop). */
export function reportResolvedMessage(publicUrl: string, data: ShopData & { reason: string }): Rendered {
  return message({
    publicUrl,
    kind: 'report_resolved',
    greetingName: data.ownerName,
    subject: `A report about ${data.shopName} was resolved`,
    summary: `A customer's report about your shop ${data.shopName} (${data.reason}) was reviewed and resolved by the marketplace.`,
    link: { label: 'Open your dashboard', path: WEB_PATHS.vendorDashboard },
  });
}

export interface NewReportData {
  vendorId: number;
  shopName: string;
  reason: string;
  description: string;
  reporterName: string | null;
}

/** new_report: to the admins, with what was reported. */
export function newReportMessage(publicUrl: string, data: NewReportData): Rendered {
  return message({
    publicUrl,
    kind: 'new_report',
    subject: `New report about ${data.shopName}: ${data.reason}`,
    summary: `${data.reporterName ?? 'A customer'} reported the shop ${data.shopName} (${data.reason}).`,
    blocks: [quote('What they wrote', data.description)],
    link: { label: 'Open the reports', path: WEB_PATHS.adminReports },
  });
}

export interface PayoutData extends ShopData {
  amountKobo: number;
  reference: string;
  bankName: string;
  accountNumber: string;
  /** sent, or failed / reversed with the reason. */
  outcome: 'sent' | 'failed' | 'reversed';
  reason: string | null;
}

/** payout_sent / payout_failed: the amount, the account (last 4 digits) and, on failure, why. */
export function payoutMessage(publicUrl: string, data: PayoutData): Rendered {
  const amount = formatKobo(data.amountKobo);
  const account = `${data.bankName} account ending ${lastFour(data.accountNumber)}`;
  const details = facts(null, [
    ['Amount', amount],
    ['To', account],
    ['Reference', data.reference],
  ]);
  const link = { label: 'See your earnings', path: WEB_PATHS.vendorEarnings };
  if (data.outcome === 'sent') {
    return message({
      publicUrl,
      kind: 'payout_sent',
      greetingName: data.ownerName,
      subject: `Payout of ${amount} sent`,
      summary: `We sent ${amount} from ${data.shopName}'s earnings to your ${account}.`,
      blocks: [details],
      link,
    });
  }
  const what = data.outcome === 'reversed' ? 'was reversed by the bank' : 'failed';
  return message({
    publicUrl,
    kind: 'payout_failed',
    greetingName: data.ownerName,
    subject: `Payout of ${amount} ${what}`,
    summary: `Your payout of ${amount} to your ${account} ${what}. The money is back in your available balance and is paid again in the next payout run; check your bank details.`,
    blocks: [quote('Reason', data.reason), details],
    link,
  });
}
