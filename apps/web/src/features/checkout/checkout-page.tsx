import { ShoppingBag } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorPanel } from '@/components/load-states';
import { Button } from '@/components/ui/button';
import { LoadingBlock } from '@/components/ui/spinner';
import { useSignedInUser } from '@/lib/auth';
import { readServerError } from '@/lib/server-errors';
import { OrderSummary } from './order-summary';
import { PlaceOrderPanel } from './place-order-panel';
import { ShippingForm } from './shipping-form';
import { useCheckout } from './use-checkout';

export function CheckoutPage() {
  const user = useSignedInUser();
  return <Checkout email={user.email} name={user.name} />;
}

function Checkout({ email, name }: { email: string; name: string }) {
  const checkout = useCheckout({ email, name });
  const { cart, lines } = checkout;

  if (cart.isPending) {
    return (
      <PageFrame>
        <LoadingBlock label="Loading your cart..." />
      </PageFrame>
    );
  }
  if (cart.isError) {
    return (
      <PageFrame>
        <ErrorPanel
          title="Error loading cart"
          message={readServerError(cart.error, 'An error occurred').message}
          onRetry={() => void cart.refetch()}
          retrying={cart.isFetching}
        />
      </PageFrame>
    );
  }
  if (lines.length === 0) {
    return (
      <PageFrame>
        <EmptyState
          icon={ShoppingBag}
          title="Your cart is empty"
          description="Add some caps to your cart before checking out."
          action={
            <Button asChild>
              <Link to="/browse-caps">Browse Caps</Link>
            </Button>
          }
        />
      </PageFrame>
    );
  }

  return (
    <PageFrame>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <ShippingForm
          register={checkout.form.register}
          errors={checkout.form.formState.errors}
          onSubmit={checkout.placeOrder}
          disabled={checkout.busy}
          savedAddresses={checkout.savedAddresses}
          selectedAddress={checkout.selectedAddress}
          onChooseAddress={checkout.chooseAddress}
          onTypeOverAddress={checkout.forgetSelectedAddress}
        />
        <OrderSummary
          lines={lines}
          quote={checkout.quote}
          couponCode={checkout.appliedCouponCode}
          couponNote={checkout.couponNote}
        >
          <PlaceOrderPanel
            phase={checkout.phase}
            busy={checkout.busy}
            blocked={checkout.blocked}
            failure={checkout.failure}
            timedOut={checkout.timedOut}
            unavailable={checkout.unavailable}
            total={checkout.quote.data?.total ?? null}
          />
        </OrderSummary>
      </div>
    </PageFrame>
  );
}

function PageFrame({ children }: { children: ReactNode }) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <title>Checkout | Caps Marketplace</title>
      <h1 className="mb-6 text-3xl font-bold">Checkout</h1>
      {children}
    </section>
  );
}
