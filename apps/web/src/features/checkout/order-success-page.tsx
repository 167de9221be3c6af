import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';

/** Spec 2: the static "order placed" screen. */
export function OrderSuccessPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col px-4 py-12 sm:px-6 sm:py-16">
      <title>Order Placed | Caps Marketplace</title>
      <div className="flex flex-col items-center gap-4 rounded-card border border-border bg-card px-6 py-10 text-center shadow-sm">
        <CheckCircle2 className="size-14 text-accent" aria-hidden="true" />
        <h1 className="text-2xl font-bold">Order Placed Successfully!</h1>
        <p className="text-muted-foreground">
          Thank you for your order. The shop has been notified and will prepare your caps. You can follow every order
          from your orders page.
        </p>
        <div className="mt-2 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          <Button asChild variant="outline">
            <Link to="/">Continue Shopping</Link>
          </Button>
          <Button asChild>
            <Link to="/orders">View Orders</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
