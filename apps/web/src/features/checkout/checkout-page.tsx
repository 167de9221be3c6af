import { type AddressDto, formatNaira, koboToNaira, SHIPPING_FEE_KOBO, ShippingDetailsInput } from '@caps/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Lock, ShoppingBag } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { PhoneField } from '@/components/forms/phone-field';
import { EmptyState, ErrorPanel } from '@/components/load-states';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { LoadingBlock, Spinner } from '@/components/ui/spinner';
import { useStoredUser } from '@/lib/auth';
import { readServerError } from '@/lib/server-errors';
import { useTRPC, useTRPCClient } from '@/lib/trpc';
import { forgetCheckoutCoupon, readCheckoutCoupon } from './checkout-coupon';
import { OrderSummary } from './order-summary';

/** Spec 9: a checkout that takes longer than this is reported, and may be retried with the same key. */
const CHECKOUT_TIMEOUT_MS = 10_000;
const SHIPPING_FEE = koboToNaira(SHIPPING_FEE_KOBO);

type Phase = 'form' | 'processing' | 'redirecting';
type ShippingValues = ShippingDetailsInput;

const EMPTY_SHIPPING: ShippingValues = {
  fullName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  postalCode: '',
};

function fromAddress(address: AddressDto, email: string): ShippingValues {
  return {
    fullName: address.full_name,
    email,
    phone: address.phone,
    address: address.address,
    city: address.city,
    state: address.state,
    postalCode: address.postal_code,
  };
}

function addressLabel(address: AddressDto): string {
  return `${address.full_name}, ${address.address}, ${address.city}${address.is_default ? ' (default)' : ''}`;
}

/** Sends a signed-out visitor to /auth, once, with the spec 8 toast. */
function useLoginRedirect(signedIn: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (signedIn) return;
    toast.error('Authentication required', {
      id: 'checkout-login',
      description: 'Please login to proceed with checkout.',
    });
    navigate('/auth', { replace: true });
  }, [signedIn, navigate]);
}

/**
 * Where to send the customer to pay. The built-in sandbox's page lives on our own server: open its path on
 * the origin the customer is on, since the server's PUBLIC_URL may name another origin for the same site
 * (localhost and 127.0.0.1 keep separate sign-ins). A real provider's page (Paystack) opens as given.
 */
function paymentPageOf(url: string): string {
  const target = new URL(url, window.location.origin);
  return target.pathname.startsWith('/payment-sandbox/') ? `${target.pathname}${target.search}` : target.toString();
}

export function CheckoutPage() {
  const user = useStoredUser();
  useLoginRedirect(Boolean(user));
  if (!user) return null;
  return <Checkout email={user.email} name={user.name} />;
}

function Checkout({ email, name }: { email: string; name: string }) {
  const trpc = useTRPC();
  const trpcClient = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const cart = useQuery(trpc.cart.list.queryOptions());
  const addresses = useQuery(trpc.addresses.list.queryOptions());
  const lines = cart.data ?? [];
  const items = lines.map((line) => ({ product_id: line.product_id, quantity: line.quantity, size: line.size }));

  const [couponCode, setCouponCode] = useState<string | null>(readCheckoutCoupon);
  const [couponNote, setCouponNote] = useState<string | null>(null);
  const coupon = useQuery(
    trpc.coupons.check.queryOptions(
      { code: couponCode ?? '', items },
      { enabled: Boolean(couponCode) && items.length > 0, retry: false },
    ),
  );
  const couponError = coupon.error;
  useEffect(() => {
    if (!couponError || !couponCode) return;
    const { message, status } = readServerError(couponError, 'Invalid coupon');
    // Only a refusal drops the coupon; a network failure leaves it for the order call to decide.
    if (status < 400 || status >= 500) return;
    setCouponNote(`Coupon ${couponCode} no longer applies (${message}), so it was removed.`);
    setCouponCode(null);
    forgetCheckoutCoupon();
  }, [couponError, couponCode]);

  // One key per visit: a double click, a retry after a failure or a timeout never places two checkouts.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [phase, setPhase] = useState<Phase>('form');
  const [failure, setFailure] = useState<string | null>(null);
  const [timedOut, setTimedOut] = useState(false);
  const [selectedAddress, setSelectedAddress] = useState('');

  // Back from the payment page, the browser may restore this page as it was left: redirecting.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPhase('form');
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const {
    register,
    handleSubmit,
    reset,
    getValues,
    formState: { errors, dirtyFields },
  } = useForm({
    resolver: zodResolver(ShippingDetailsInput),
    defaultValues: { ...EMPTY_SHIPPING, fullName: name, email },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  // Prefill once from the default saved address, unless the buyer has started typing.
  const prefilled = useRef(false);
  const savedAddresses = addresses.data ?? [];
  useEffect(() => {
    if (prefilled.current || !addresses.data) return;
    prefilled.current = true;
    const preferred = addresses.data.find((a) => a.is_default) ?? addresses.data[0];
    if (!preferred || Object.keys(dirtyFields).length > 0) return;
    setSelectedAddress(String(preferred.id));
    reset(fromAddress(preferred, email));
  }, [addresses.data, dirtyFields, reset, email]);

  const chooseAddress = (value: string) => {
    setSelectedAddress(value);
    const address = savedAddresses.find((a) => String(a.id) === value);
    if (address) reset(fromAddress(address, getValues('email') || email));
  };

  const subtotal = lines.reduce((sum, line) => sum + line.line_total, 0);
  const appliedCoupon = couponCode && coupon.data ? coupon.data : null;
  const discount = appliedCoupon ? appliedCoupon.discount_amount : 0;
  const shipping = lines.length > 0 ? SHIPPING_FEE : 0;
  const totals = { subtotal, discount, shipping, total: Math.max(0, subtotal - discount) + shipping };
  const unavailable = lines.filter((line) => !line.available);
  const checkingCoupon = Boolean(couponCode) && coupon.isPending && coupon.fetchStatus !== 'idle';

  const onSubmit = handleSubmit(async (values) => {
    if (lines.length === 0) {
      toast.error('Cart is empty');
      navigate('/cart');
      return;
    }
    setFailure(null);
    setTimedOut(false);
    setPhase('processing');
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), CHECKOUT_TIMEOUT_MS);
    try {
      const placed = await trpcClient.orders.create.mutate(
        {
          shipping_address: `${values.address}, ${values.city}, ${values.state} ${values.postalCode}`,
          coupon_code: appliedCoupon ? appliedCoupon.code : null,
          items,
          shipping: values,
          idempotency_key: idempotencyKey,
        },
        { signal: controller.signal },
      );
      const payment = await trpcClient.payment.initiate.mutate({ order_id: placed.id }, { signal: controller.signal });
      setPhase('redirecting');
      window.location.assign(paymentPageOf(payment.url));
    } catch (error) {
      setPhase('form');
      if (controller.signal.aborted) {
        setTimedOut(true);
        return;
      }
      const { message, status } = readServerError(error, 'Please try again.');
      if (status === 401) {
        toast.error('Authentication required', { description: 'Please login to proceed with checkout.' });
        navigate('/auth');
        return;
      }
      if (message === 'Invalid coupon' && couponCode) {
        setCouponNote(`Coupon ${couponCode} no longer applies, so it was removed. Please review the new total.`);
        setCouponCode(null);
        forgetCheckoutCoupon();
      }
      setFailure(message);
      toast.error('Checkout failed', { description: message });
      // Stock or prices may have moved: show the cart as it is now.
      void queryClient.invalidateQueries(trpc.cart.pathFilter());
    } finally {
      window.clearTimeout(timer);
    }
  });

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

  const busy = phase !== 'form';
  const blocked = unavailable.length > 0 || checkingCoupon;
  return (
    <PageFrame>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <form
          id="checkout-form"
          onSubmit={onSubmit}
          onChange={(event) => {
            // Typing over a chosen saved address makes it a new address.
            if (selectedAddress && event.target instanceof HTMLInputElement) setSelectedAddress('');
          }}
          noValidate
          aria-label="Shipping details"
          className="rounded-card border border-border bg-card p-5 shadow-sm sm:p-6"
        >
          <h2 className="text-xl font-semibold">Shipping Details</h2>
          <fieldset disabled={busy} className="mt-4 flex flex-col gap-4">
            <legend className="sr-only">Where should we deliver your caps?</legend>
            {savedAddresses.length > 0 ? (
              <div className="flex flex-col gap-2">
                <Label htmlFor="saved-address">Saved address</Label>
                <Select
                  id="saved-address"
                  value={selectedAddress}
                  onChange={(event) => chooseAddress(event.target.value)}
                >
                  <option value="">Enter a new address</option>
                  {savedAddresses.map((address) => (
                    <option key={address.id} value={String(address.id)}>
                      {addressLabel(address)}
                    </option>
                  ))}
                </Select>
              </div>
            ) : null}
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Full Name"
                error={errors.fullName?.message}
                registration={register('fullName')}
                autoComplete="name"
                aria-required="true"
              />
              <TextField
                label="Email"
                error={errors.email?.message}
                registration={register('email')}
                type="email"
                autoComplete="email"
                aria-required="true"
              />
            </div>
            <PhoneField error={errors.phone?.message} registration={register('phone')} />
            <TextField
              label="Address"
              error={errors.address?.message}
              registration={register('address')}
              autoComplete="street-address"
              aria-required="true"
              placeholder="12 Baga Road"
            />
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField
                label="City"
                error={errors.city?.message}
                registration={register('city')}
                autoComplete="address-level2"
                aria-required="true"
              />
              <TextField
                label="State"
                error={errors.state?.message}
                registration={register('state')}
                autoComplete="address-level1"
                aria-required="true"
              />
              <TextField
                label="Postal Code"
                error={errors.postalCode?.message}
                registration={register('postalCode')}
                autoComplete="postal-code"
                aria-required="true"
              />
            </div>
          </fieldset>
        </form>

        <OrderSummary lines={lines} totals={totals} couponCode={appliedCoupon?.code ?? null} couponNote={couponNote}>
          <div className="mt-5 flex flex-col gap-3">
            {unavailable.length > 0 ? (
              <FormAlert
                message={`${unavailable.map((line) => line.product.name).join(', ')} can no longer be bought. Please remove it from your cart.`}
              />
            ) : null}
            <FormAlert message={failure} />
            {timedOut ? (
              <div role="alert" className="rounded-lg bg-warning px-3 py-2 text-sm text-warning-foreground">
                Checkout is taking longer than expected (over 10 seconds). Please try again: your order will not be
                placed twice.
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
              ) : timedOut || failure ? (
                `Try Again · ${formatNaira(totals.total)}`
              ) : (
                `Place Order · ${formatNaira(totals.total)}`
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
