import type { ReportReason, ReportStatus } from '@caps/contracts';

/** Reports of shops, by index into CUSTOMERS (reporter) and SHOPS (shop), in every status. */
export const REPORTS: readonly {
  reporter: number;
  shop: number;
  reason: ReportReason;
  status: ReportStatus;
  text: string;
}[] = [
  {
    reporter: 3,
    shop: 6,
    reason: 'Misleading information',
    status: 'pending',
    text: 'The colour in the photos is much brighter than the cap I received, and the listing says hand-embroidered but it is machine-stitched.',
  },
  {
    reporter: 4,
    shop: 1,
    reason: 'Poor customer service',
    status: 'reviewed',
    text: 'My order has shown confirmed for three weeks and the seller does not answer calls or messages.',
  },
  {
    reporter: 5,
    shop: 3,
    reason: 'Fake products',
    status: 'resolved',
    text: 'The listing claims genuine Iseyin aso-oke, but the fabric I received is printed polyester.',
  },
  {
    reporter: 0,
    shop: 5,
    reason: 'Poor quality',
    status: 'pending',
    text: 'Two caps from this shop had loose threads around the rim when they arrived.',
  },
  {
    reporter: 7,
    shop: 2,
    reason: 'Scam/Fraud',
    status: 'reviewed',
    text: 'Someone using this shop name on WhatsApp asked me to pay by bank transfer outside the site. Please check.',
  },
  {
    reporter: 1,
    shop: 4,
    reason: 'Other',
    status: 'resolved',
    text: 'The shop address on the profile looks outdated; the delivery rider could not find it.',
  },
];
