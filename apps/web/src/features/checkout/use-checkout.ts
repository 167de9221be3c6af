import { type AddressDto, ShippingDetailsInput } from '@caps/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/toaster';
import { errorCodeOf } from '@/lib/error-code';
import { openPaymentPage } from '@/lib/payment-page';
import { isUnauthenticated, readServerError } from '@/lib/server-errors';
import { useTRPC, useTRPCClient } from '@/lib/trpc';
import { forgetCheckoutCoupon, readCheckoutCoupon } from './checkout-coupon';
import { useQuote } from './use-quote';

/** Spec 9: a checkout that takes longer than this is reported, and may be retried with the same key. */
const CHECKOUT_TIMEOUT_MS = 10_000;

export type CheckoutPhase = 'form' | 'processing' | 'redirecting';
export type ShippingValues = ShippingDetailsInput;

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

type CartItems = { product_id: number; quantity: number; size: string }[];

/**
 * The coupon the cart page handed over: checked against the current cart, and dropped (with a note saying
 * why) once the server refuses it.
 */
function useCheckoutCoupon(items: CartItems) {
  const trpc = useTRPC();
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

  const drop = (note: string) => {
    setCouponNote(note);
    setCouponCode(null);
    forgetCheckoutCoupon();
  };

  return {
    couponCode,
    couponNote,
    applied: couponCode && coupon.data ? coupon.data : null,
    checking: Boolean(couponCode) && coupon.isPending && coupon.fetchStatus !== 'idle',
    drop,
  };
}

/**
 * Everything the checkout page decides: the cart and saved addresses, the shipping form (prefilled from the
 * default address), the coupon, the totals, and placing the order then opening the payment page.
 */
export function useCheckout({ email, name }: { email: string; name: string }) {
  const trpc = useTRPC();
  const trpcClient = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const cart = useQuery(trpc.cart.list.queryOptions());
  const addresses = useQuery(trpc.addresses.list.queryOptions());
  const lines = cart.data ?? [];
  const items = lines.map((line) => ({ product_id: line.product_id, quantity: line.quantity, size: line.size }));
  const coupon = useCheckoutCoupon(items);
  const { couponCode } = coupon;

  // One key per visit: a double click, a retry after a failure or a timeout never places two checkouts.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [phase, setPhase] = useState<CheckoutPhase>('form');
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

  const form = useForm({
    resolver: zodResolver(ShippingDetailsInput),
    defaultValues: { ...EMPTY_SHIPPING, fullName: name, email },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { handleSubmit, reset, getValues, formState } = form;
  const { dirtyFields } = formState;

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

  const appliedCoupon = coupon.applied;
  // The server's price of exactly what Place Order sends: these lines and the applied coupon.
  const quote = useQuote(lines, appliedCoupon?.code ?? null);
  const unavailable = lines.filter((line) => !line.available);

  const placeOrder = handleSubmit(async (values) => {
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
      openPaymentPage(payment.url);
    } catch (error) {
      setPhase('form');
      if (controller.signal.aborted) {
        setTimedOut(true);
        return;
      }
      const { message } = readServerError(error, 'Please try again.');
      if (isUnauthenticated(error)) {
        toast.error('Authentication required', { description: 'Please login to proceed with checkout.' });
        navigate('/auth');
        return;
      }
      if (errorCodeOf(error) === 'INVALID_COUPON' && couponCode) {
        coupon.drop(`Coupon ${couponCode} no longer applies, so it was removed. Please review the new total.`);
      }
      setFailure(message);
      toast.error('Checkout failed', { description: message });
      // Stock or prices may have moved: show the cart as it is now.
      void queryClient.invalidateQueries(trpc.cart.pathFilter());
    } finally {
      window.clearTimeout(timer);
    }
  });

  const busy = phase !== 'form';
  return {
    cart,
    lines,
    quote,
    unavailable,
    appliedCouponCode: appliedCoupon?.code ?? null,
    couponNote: coupon.couponNote,
    form,
    savedAddresses,
    selectedAddress,
    chooseAddress,
    /** Typing over a chosen saved address makes it a new address. */
    forgetSelectedAddress: () => setSelectedAddress(''),
    placeOrder,
    phase,
    busy,
    /** Nothing can be placed while a line is no longer for sale or the coupon or the price is being checked. */
    blocked: unavailable.length > 0 || coupon.checking || !quote.isSuccess || quote.isPlaceholderData,
    failure,
    timedOut,
  };
}

export type Checkout = ReturnType<typeof useCheckout>;
