import { recordPaidOrders, scheduleRelease } from '../../modules/finance/ledger.service.js';
import { CheckoutSchema, OrderStatusChangeSchema } from '../../modules/orders/orders.entities.js';
import type { SeedRun } from '../run.js';

/**
 * The ledger history of the seeded orders, written by the money rules themselves: each paid checkout's
 * entries as of its payment (the default 10 % commission), and each delivered order's release at its
 * delivery plus the default 7-day return window, so shops whose orders were delivered more than a week
 * ago have money available and the newer ones still in escrow. Run after the checkouts are flushed.
 * Payouts (a past one, a failed transfer) are written on top of these balances by the payouts step.
 */
export async function seedLedger(run: SeedRun): Promise<void> {
  const { em, count } = run;
  const checkouts = await em.find(
    CheckoutSchema,
    { paymentStatus: 'paid', paidAt: { $ne: null } },
    { fields: ['id', 'paidAt'], orderBy: { paidAt: 'asc', id: 'asc' } },
  );
  for (const checkout of checkouts) {
    count('ledgerEntries', await recordPaidOrders(em, checkout.id, checkout.paidAt as Date));
  }
  const deliveries = await em.find(
    OrderStatusChangeSchema,
    { toStatus: 'delivered', order: { paymentStatus: 'paid' } },
    { populate: ['order'], orderBy: { createdAt: 'asc', id: 'asc' } },
  );
  for (const delivery of deliveries) {
    const order = { id: delivery.order.id, vendorId: delivery.order.vendor.id };
    count('ledgerEntries', await scheduleRelease(em, order, delivery.createdAt));
  }
}
