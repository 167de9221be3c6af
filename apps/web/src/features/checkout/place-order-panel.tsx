import { formatNaira } from '@caps/contracts';
import { Lock } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import type { Checkout } from './use-checkout';

type PlaceOrderPanelProps = Pick<Checkout, 'phase' | 'busy' | 'blocked' | 'failure' | 'timedOut' | 'unavailable'> & {
  /** Null until the server has priced the order. */
  total: number | null;
};

/** Under the order summary: what stops the order, the Place Order button and what happens after it. */
export function PlaceOrderPanel({ phase, busy, blocked, failure, timedOut, unavailable, total }: PlaceOrderPanelProps) {
  return (
    <div className="mt-5 flex flex-col gap-3">
      {unavailable.length > 0 ? (
        <FormAlert
          message={`${unavailable.map((line) => line.product.name).join(', ')} can no longer be bought. Please remove it from your cart.`}
        />
      ) : null}
      <FormAlert message={failure} />
      {timedOut ? (
        <div role="alert" className="rounded-lg bg-warning px-3 py-2 text-sm text-warning-foreground">
          Checkout is taking longer than expected (over 10 seconds). Please try again: your order will not be placed
          twice.
        </div>
      ) : null}
      <Button
        type="submit"
        form="checkout-form"
        size="lg"
        className="w-full"
        disabled={busy || blocked}
        aria-busy={busy}
      >
        {phase === 'processing' ? (
          <>
            <Spinner /> Processing order...
          </>
        ) : phase === 'redirecting' ? (
          <>
            <Spinner /> Redirecting to payment...
          </>
        ) : (
          `${timedOut || failure ? 'Try Again' : 'Place Order'}${total === null ? '' : ` · ${formatNaira(total)}`}`
        )}
      </Button>
      <p role="status" aria-live="polite" className="text-center text-sm text-muted-foreground">
        {phase === 'processing'
          ? 'Processing your order...'
          : phase === 'redirecting'
            ? 'Redirecting you to the payment provider...'
            : null}
      </p>
      {unavailable.length > 0 ? (
        <Button asChild variant="outline">
          <Link to="/cart">Back to Cart</Link>
        </Button>
      ) : null}
      <p className="flex items-center justify-center gap-1.5 text-xs text-muted-foreground">
        <Lock className="size-3.5" aria-hidden="true" /> Secure payment with Paystack
      </p>
    </div>
  );
}
