import { formatNaira, type VendorOrderDto } from '@caps/contracts';
import { Eye, PackageX } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { nextStepOf } from './order-advance';

/** The shop's lines of the order: name, size, quantity and unit price. */
export function OrderItemsList({ order }: { order: VendorOrderDto }) {
  return (
    <ul aria-label={`Items of order #${order.id}`} className="flex flex-col divide-y divide-border text-sm">
      {order.orderItems.map((item) => (
        <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2">
          <span className="min-w-0 font-medium break-words">{item.product.name}</span>
          <span className="text-muted-foreground">
            Size {item.size} · Qty {item.quantity} · {formatNaira(item.price)}
          </span>
        </li>
      ))}
    </ul>
  );
}

interface OrderActionsProps {
  order: VendorOrderDto;
  advancing: boolean;
  advanceDisabled: boolean;
  onAdvance: () => void;
  /** Absent inside the details dialog itself. */
  onDetails?: () => void;
  /** Cancel Order, shown while the shop may cancel the order (can_cancel). */
  onCancel?: () => void;
}

/** View Details and the next-status button (only for a paid order that can still move). */
export function OrderActions({ order, advancing, advanceDisabled, onAdvance, onDetails, onCancel }: OrderActionsProps) {
  const step = nextStepOf(order);
  // The buttons are named by their visible words (Confirm, View Details); which order they act on is
  // their description, so a screen reader still hears "Order #8" without it changing the name.
  const orderNoteId = useId();
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <span id={orderNoteId} hidden>
        Order #{order.id}
      </span>
      {onDetails ? (
        <Button variant="outline" size="sm" onClick={onDetails} aria-describedby={orderNoteId}>
          <Eye aria-hidden="true" />
          View Details
        </Button>
      ) : null}
      {onCancel && order.can_cancel && order.payment_status === 'paid' ? (
        <Button variant="outline" size="sm" onClick={onCancel} aria-describedby={orderNoteId}>
          <PackageX aria-hidden="true" />
          Cancel Order
        </Button>
      ) : null}
      {step ? (
        <Button
          size="sm"
          onClick={onAdvance}
          disabled={advanceDisabled}
          aria-busy={advancing}
          aria-describedby={orderNoteId}
        >
          {advancing ? <Spinner /> : null}
          {step.label}
        </Button>
      ) : null}
    </div>
  );
}
