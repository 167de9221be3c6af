import { formatNaira, type OrderDto } from '@caps/contracts';
import { TRPCClientError } from '@trpc/client';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useTRPCClient } from '@/lib/trpc';

const TEST_ORDER_ID = 1;

type Result =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'ok'; order: OrderDto }
  | { kind: 'error'; message: string };

/** Spec 2 "Order test page": loads order 1 and shows its essentials, or the error. */
export function OrderTestPage() {
  const trpcClient = useTRPCClient();
  const navigate = useNavigate();
  const [result, setResult] = useState<Result>({ kind: 'idle' });

  const load = async () => {
    setResult({ kind: 'loading' });
    try {
      const order = await trpcClient.orders.get.query({ id: TEST_ORDER_ID });
      setResult({ kind: 'ok', order });
    } catch (error) {
      const message = error instanceof TRPCClientError || error instanceof Error ? error.message : '';
      setResult({ kind: 'error', message: message || 'Unknown error' });
    }
  };

  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <title>Order Test | Caps Marketplace</title>
      <h1 className="text-3xl font-bold">Order Test</h1>
      <p className="mt-2 text-muted-foreground">
        Developer page: loads order {TEST_ORDER_ID} of the signed-in customer.
      </p>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Order {TEST_ORDER_ID}</CardTitle>
          <CardDescription>orders.get through the tRPC client.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-wrap gap-2">
            <Button
              onClick={() => void load()}
              disabled={result.kind === 'loading'}
              aria-busy={result.kind === 'loading'}
            >
              {result.kind === 'loading' ? <Spinner /> : null} Load Order {TEST_ORDER_ID}
            </Button>
            <Button variant="outline" onClick={() => navigate(`/order/${TEST_ORDER_ID}`)}>
              Go to Order Page
            </Button>
          </div>
          <div role="status" aria-live="polite">
            {result.kind === 'ok' ? (
              <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
                <dt className="font-medium">Order ID</dt>
                <dd>{result.order.id}</dd>
                <dt className="font-medium">Status</dt>
                <dd>{result.order.status}</dd>
                <dt className="font-medium">Total</dt>
                <dd>{formatNaira(result.order.total_amount)}</dd>
                <dt className="font-medium">Items</dt>
                <dd>{result.order.items.length}</dd>
              </dl>
            ) : result.kind === 'error' ? (
              <p className="text-sm font-medium text-destructive">Error: {result.message}</p>
            ) : null}
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
