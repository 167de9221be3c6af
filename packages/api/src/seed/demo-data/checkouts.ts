import type { OrderStatus } from '@caps/contracts';

export type CheckoutKind = 'paid' | 'unpaid' | 'failed';

export interface CheckoutPlan {
  ageDays: number;
  kind: CheckoutKind;
  /** Shops to buy from; the first one is fixed when given. */
  firstShop?: number;
  shops: number;
  /** How far paid orders advance, as time allows; 'delivered' lets the order's age decide. */
  target?: OrderStatus;
}

/** Amina's orders cover every status for the demo customer and the demo vendor alike. */
export const DEMO_CUSTOMER_PLANS: readonly CheckoutPlan[] = [
  { ageDays: 75, kind: 'paid', firstShop: 0, shops: 2, target: 'delivered' },
  { ageDays: 40, kind: 'paid', firstShop: 0, shops: 1, target: 'delivered' },
  { ageDays: 22, kind: 'failed', firstShop: 0, shops: 1 },
  { ageDays: 9, kind: 'paid', firstShop: 0, shops: 1, target: 'shipped' },
  { ageDays: 3, kind: 'paid', firstShop: 0, shops: 2, target: 'confirmed' },
  { ageDays: 0.6, kind: 'paid', firstShop: 0, shops: 1, target: 'pending' },
  { ageDays: 0.05, kind: 'unpaid', firstShop: 0, shops: 1 },
];
