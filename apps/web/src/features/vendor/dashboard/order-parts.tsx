import { formatNaira, type VendorOrderDto } from '@caps/contracts';
import { Eye, PackageX } from 'lucide-react';
import { useId, useState } from 'react';
import { NoteField } from '@/components/forms/note-field';
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
  /** Moves the order on one step, with the shop's note to the customer (empty: none). */
  onAdvance: (note: string) => void;
  /** Absent inside the details dialog itself. */
  onDetails?: () => void;
  /** Cancel Order, shown while the shop may cancel the order (can_cancel). */
  onCancel?: () => void;
}

/**
 * The shop's note that goes with the next step (a tracking number when it ships, say): shown to the customer
 * on the order and in the email. Folded away on the order cards, open in the details dialog.
 */
function AdvanceNote({
  value,
  onChange,
  folded,
}: {
  value: string;
  onChange: (value: string) => void;
  folded: boolean;
}) {
  const field = (
    <NoteField
      label="Note to the customer"
      hint="Shown on the order and in the customer's email, e.g. a tracking number."
      value={value}
      onChange={onChange}
      rows={2}
    />
  );
  if (!folded) return field;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-primary">
        {value.trim() ? 'Note to the customer (sent with the next step)' : 'Add a note to the customer'}
      </summary>
      <div className="mt-3">{field}</div>
    </details>
  );
}

/** View Details and the next-status button (only for a paid order that can still move), with its note. */
export function OrderActions({ order, advancing, advanceDisabled, onAdvance, onDetails, onCancel }: OrderActionsProps) {
  const step = nextStepOf(order);
  // The note belongs to one step: once the order has moved on, the next step starts without one.
  const [draft, setDraft] = useState({ status: order.status, note: '' });
  const note = draft.status === order.status ? draft.note : '';
  // The buttons are named by their visible words (Confirm, View Details); which order they act on is
  // their description, so a screen reader still hears "Order #8" without it changing the name.
  const orderNoteId = useId();
  return (
    <div className="flex flex-col gap-3">
      {step ? (
        <AdvanceNote
          value={note}
          onChange={(value) => setDraft({ status: order.status, note: value })}
          folded={onDetails !== undefined}
        />
      ) : null}
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
            onClick={() => onAdvance(note)}
            disabled={advanceDisabled}
            aria-busy={advancing}
            aria-describedby={orderNoteId}
          >
            {advancing ? <Spinner /> : null}
            {step.label}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
