import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, ReceiptText, RefreshCw, XCircle } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { readServerError } from '@/lib/server-errors';
import { useTRPC, useTRPCClient } from '@/lib/trpc';
import { forgetCheckoutCoupon } from './checkout-coupon';

/** Spec 9: first attempt 1 s after load, up to 3 attempts, 2 s apart unless the server says otherwise. */
const FIRST_ATTEMPT_DELAY_MS = 1000;
const MAX_ATTEMPTS = 3;
const RETRY_DELAY_MS = 2000;
const SIGN_IN_TO_SEE = 'Please sign in with the account you paid with to see the result of this payment.';

type VerifyState =
  | { kind: 'waiting' }
  | { kind: 'verifying'; attempt: number }
  | { kind: 'success'; orderIds: number[] }
  | { kind: 'failed'; reason: string };

type Place = 'orders' | 'cart' | 'home';
const PLACES: Record<Place, { to: string; label: string }> = {
  orders: { to: '/orders', label: 'View Orders' },
  cart: { to: '/cart', label: 'Back to Cart' },
  home: { to: '/', label: 'Continue Shopping' },
};

/**
 * Spec 2: the payment result offers /orders, / and /cart whatever the outcome, in `order`: the first as the
 * page's main button, unless an action above them (Retry Verification, Login) is.
 */
function PlaceLinks({ order, afterAction = false }: { order: [Place, Place, Place]; afterAction?: boolean }) {
  const variants = afterAction ? (['outline', 'ghost', 'ghost'] as const) : (['default', 'outline', 'ghost'] as const);
  return order.map((place, index) => (
    <Button key={place} asChild variant={variants[index]}>
      <Link to={PLACES[place].to}>{PLACES[place].label}</Link>
    </Button>
  ));
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = window.setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      window.clearTimeout(timer);
      resolve();
    });
  });

export function PaymentCallbackPage() {
  const [params] = useSearchParams();
  const reference = params.get('reference') || params.get('trxref');
  return (
    <section className="mx-auto flex max-w-xl flex-col px-4 py-12 sm:px-6 sm:py-16">
      <title>Payment Result | Caps Marketplace</title>
      {reference ? <Verification key={reference} reference={reference} /> : <NoReference />}
    </section>
  );
}

function NoReference() {
  useEffect(() => {
    toast.error('No payment reference found', { id: 'payment-no-reference' });
  }, []);
  return (
    <ResultPanel
      icon={<ReceiptText className="size-14 text-muted-foreground" aria-hidden="true" />}
      title="No payment reference found"
      body="This page needs the payment reference your payment provider sends back. Your orders show whether a payment went through."
    >
      <PlaceLinks order={['orders', 'cart', 'home']} />
    </ResultPanel>
  );
}

function Verification({ reference }: { reference: string }) {
  const trpc = useTRPC();
  const trpcClient = useTRPCClient();
  const queryClient = useQueryClient();
  const [state, setState] = useState<VerifyState>({ kind: 'waiting' });
  const running = useRef<AbortController | null>(null);

  const verify = useCallback(
    async (initialDelay: number) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      const { signal } = controller;
      if (initialDelay > 0) await sleep(initialDelay, signal);
      let reason = 'We could not confirm your payment.';
      let callFailed = false;
      for (let attempt = 1; attempt <= MAX_ATTEMPTS && !signal.aborted; attempt += 1) {
        setState({ kind: 'verifying', attempt });
        let delay = RETRY_DELAY_MS;
        try {
          const result = await trpcClient.payment.verify.query({ reference }, { signal });
          if (signal.aborted) return;
          if (result.success) {
            forgetCheckoutCoupon();
            // The server emptied the cart and marked the orders paid.
            void queryClient.invalidateQueries(trpc.cart.pathFilter());
            void queryClient.invalidateQueries(trpc.orders.pathFilter());
            toast.success('Payment Successful!', { id: `payment-${reference}` });
            setState({ kind: 'success', orderIds: result.order_ids });
            return;
          }
          reason = result.message;
          callFailed = false;
          if (result.status === 'failed') break;
          if (result.retry_after) delay = result.retry_after * 1000;
        } catch (error) {
          if (signal.aborted) return;
          const { message, status } = readServerError(error, 'An error occurred');
          reason = message;
          callFailed = true;
          // Only the customer who paid may see a payment: asking again without signing in changes nothing.
          if (status === 401 || status === 403) {
            reason = SIGN_IN_TO_SEE;
            break;
          }
          // An unknown reference will not become known by asking again.
          if (status === 404 || status === 400) break;
        }
        if (attempt < MAX_ATTEMPTS) await sleep(delay, signal);
      }
      if (signal.aborted) return;
      toast.error(callFailed ? 'Payment Error' : 'Payment Verification Failed', {
        id: `payment-${reference}`,
        description: reason,
      });
      setState({ kind: 'failed', reason });
    },
    [reference, trpcClient, queryClient, trpc],
  );

  useEffect(() => {
    void verify(FIRST_ATTEMPT_DELAY_MS);
    return () => running.current?.abort();
  }, [verify]);

  if (state.kind === 'success') {
    const count = state.orderIds.length;
    return (
      <ResultPanel
        icon={<CheckCircle2 className="size-14 text-accent" aria-hidden="true" />}
        title="Payment Successful!"
        body={
          <>
            Thank you for your purchase. {count > 1 ? `Your ${count} orders are` : 'Your order is'} confirmed and the{' '}
            {count > 1 ? 'shops have' : 'shop has'} been notified. Estimated delivery: 3-5 business days.
          </>
        }
      >
        <p className="text-sm text-muted-foreground">Reference: {reference}</p>
        <PlaceLinks order={['orders', 'home', 'cart']} />
      </ResultPanel>
    );
  }

  if (state.kind === 'failed') {
    return (
      <ResultPanel
        alert
        icon={<XCircle className="size-14 text-destructive" aria-hidden="true" />}
        title="Payment Verification Failed"
        body={state.reason}
      >
        <p className="text-sm text-muted-foreground">Reference: {reference}</p>
        {state.reason === SIGN_IN_TO_SEE ? (
          <Button asChild>
            <Link to="/auth">Login</Link>
          </Button>
        ) : (
          <Button onClick={() => void verify(0)}>
            <RefreshCw aria-hidden="true" /> Retry Verification
          </Button>
        )}
        <PlaceLinks order={['cart', 'orders', 'home']} afterAction />
      </ResultPanel>
    );
  }

  return (
    <ResultPanel
      icon={<Spinner className="size-14 text-primary" />}
      title="Verifying your payment..."
      body={
        state.kind === 'verifying' && state.attempt > 1
          ? `Still checking with the payment provider (attempt ${state.attempt} of ${MAX_ATTEMPTS}).`
          : 'Please wait while we confirm your payment. Do not close this page.'
      }
      busy
    />
  );
}

interface ResultPanelProps {
  icon: ReactNode;
  title: string;
  body: ReactNode;
  children?: ReactNode;
  alert?: boolean;
  busy?: boolean;
}

function ResultPanel({ icon, title, body, children, alert = false, busy = false }: ResultPanelProps) {
  return (
    <div
      className="flex flex-col items-center gap-4 rounded-card border border-border bg-card px-6 py-10 text-center shadow-sm"
      aria-busy={busy}
    >
      {icon}
      <div role={alert ? 'alert' : 'status'} className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="text-muted-foreground">{body}</p>
      </div>
      {children ? <div className="mt-2 flex w-full flex-col gap-2 sm:w-auto sm:min-w-64">{children}</div> : null}
    </div>
  );
}
