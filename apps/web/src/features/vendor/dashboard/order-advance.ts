import { VENDOR_NEXT_STATUS, type VendorOrderDto } from '@caps/contracts';

type Advanceable = keyof typeof VENDOR_NEXT_STATUS;
type NextStatus = (typeof VENDOR_NEXT_STATUS)[Advanceable];

/** Spec 4: the button that moves an order one step on. */
const ADVANCE_LABELS: Record<NextStatus, string> = {
  confirmed: 'Confirm',
  shipped: 'Mark as Shipped',
  delivered: 'Mark as Delivered',
};

function isAdvanceable(status: string): status is Advanceable {
  return status in VENDOR_NEXT_STATUS;
}

/** The one step the shop may take with this order, or null: only paid orders move, and never past delivered. */
export function nextStepOf(order: VendorOrderDto): { status: NextStatus; label: string } | null {
  if (order.payment_status !== 'paid' || !isAdvanceable(order.status)) return null;
  const status = VENDOR_NEXT_STATUS[order.status];
  return { status, label: ADVANCE_LABELS[status] };
}
