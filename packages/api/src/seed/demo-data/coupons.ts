/** The shops' own coupons, by index into SHOPS. The platform's SAVE10 is made with them. */

export interface VendorCouponSeed {
  shop: number;
  code: string;
  description: string;
  discountPercent: number;
  usageLimit: number;
  /** Days from now; negative means already expired. */
  expiresInDays: number;
}

export const VENDOR_COUPONS: readonly VendorCouponSeed[] = [
  {
    shop: 0,
    code: 'ZANNA15',
    description: '15% off Zanna caps',
    discountPercent: 15,
    usageLimit: 100,
    expiresInDays: 60,
  },
  { shop: 0, code: 'SALLAH25', description: 'Sallah special', discountPercent: 25, usageLimit: 50, expiresInDays: -10 },
  {
    shop: 1,
    code: 'KURMI10',
    description: 'Kurmi market week',
    discountPercent: 10,
    usageLimit: 200,
    expiresInDays: 45,
  },
  { shop: 2, code: 'OWAMBE20', description: 'Owambe season', discountPercent: 20, usageLimit: 80, expiresInDays: 30 },
  {
    shop: 4,
    code: 'IGWE5',
    description: 'Small thanks to loyal chiefs',
    discountPercent: 5,
    usageLimit: 500,
    expiresInDays: 90,
  },
  {
    shop: 9,
    code: 'ABUJA12',
    description: 'New collection launch',
    discountPercent: 12,
    usageLimit: 150,
    expiresInDays: 21,
  },
];
