import { CART_TEXT, type CartItemDto, formatNaira } from '@caps/contracts';
import { useMutation } from '@tanstack/react-query';
import { ArrowRight, LogIn, ShoppingBag, Trash2, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { EmptyState, ErrorPanel } from '@/components/load-states';
import { ProductImage } from '@/components/product-image';
import { QuantityStepper } from '@/components/quantity-stepper';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/toaster';
import { useStoredUser } from '@/lib/auth';
import { readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';
import { CART_TOASTS, useCartItems, useInvalidateCart, writeStoredCoupon } from '@/lib/use-cart';
import { QuoteError } from '../checkout/quote-error';
import { type Quote, useQuote } from '../checkout/use-quote';
import { type AppliedCoupon, CouponForm, useAppliedCoupon } from './coupon-form';

export function CartPage() {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold sm:text-4xl">Shopping Cart</h1>
      <CartContent />
    </div>
  );
}

function ContinueShopping() {
  return (
    <Button asChild variant="outline">
      <Link to="/">Continue Shopping</Link>
    </Button>
  );
}

function CartContent() {
  const user = useStoredUser();
  if (!user) {
    return (
      <EmptyState
        icon={ShoppingBag}
        title="Your cart is empty"
        description="Log in to see the caps in your cart and to add new ones."
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Button asChild>
              <Link to="/auth">
                <LogIn aria-hidden="true" />
                Login
              </Link>
            </Button>
            <ContinueShopping />
          </div>
        }
      />
    );
  }
  if (user.role !== 'customer') {
    return (
      <EmptyState
        icon={UserRound}
        title="Carts are for customer accounts"
        description={`You are signed in as a${user.role === 'admin' ? 'n admin' : ' vendor'}. Sign in with a customer account to shop for caps.`}
        action={<ContinueShopping />}
      />
    );
  }
  return <CustomerCart />;
}

function CartSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading your cart" className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <ul className="flex flex-col gap-3">
        {[0, 1, 2].map((index) => (
          <li key={index} className="flex gap-4 rounded-card border border-border bg-card p-4">
            <div className="size-24 shrink-0 animate-pulse rounded-lg bg-muted" />
            <div className="flex flex-1 flex-col gap-2">
              <div className="h-5 w-2/3 animate-pulse rounded bg-muted" />
              <div className="h-4 w-1/3 animate-pulse rounded bg-muted" />
              <div className="h-9 w-32 animate-pulse rounded bg-muted" />
            </div>
          </li>
        ))}
      </ul>
      <div className="h-72 animate-pulse rounded-card bg-muted" />
    </div>
  );
}

function CustomerCart() {
  const cart = useCartItems();

  if (cart.isPending) return <CartSkeleton />;
  if (cart.isError) {
    return (
      <ErrorPanel
        title={CART_TOASTS.loadFailed}
        message={readServerError(cart.error, CART_TOASTS.tryAgain).message}
        onRetry={() => void cart.refetch()}
        retrying={cart.isFetching}
      />
    );
  }
  if (cart.data.length === 0) {
    return (
      <EmptyState
        icon={ShoppingBag}
        title="Your cart is empty"
        description="Browse the shops and add a cap or two."
        action={<ContinueShopping />}
      />
    );
  }
  return <FilledCart items={cart.data} />;
}

function isOverStock(item: CartItemDto): boolean {
  return item.quantity > item.product.stock;
}

function FilledCart({ items }: { items: CartItemDto[] }) {
  const navigate = useNavigate();
  const count = items.reduce((sum, item) => sum + item.quantity, 0);
  const coupon = useAppliedCoupon(items);
  const quote = useQuote(items, coupon.applied?.code ?? null);
  const blocked = items.some((item) => !item.available || isOverStock(item));

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
      <section aria-labelledby="cart-items-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="cart-items-heading" className="text-lg font-semibold">
            {count} {count === 1 ? 'item' : 'items'} in your cart
          </h2>
          <ClearCartButton />
        </div>
        <ul className="flex flex-col gap-3">
          {items.map((item) => (
            <CartLine key={item.id} item={item} />
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="order-summary-heading"
        className="flex flex-col gap-4 rounded-card border border-border bg-card p-5 lg:sticky lg:top-24"
      >
        <h2 id="order-summary-heading" className="text-lg font-semibold">
          Order Summary
        </h2>
        <CartTotals quote={quote} coupon={coupon} blocked={blocked} />
        <CouponForm coupon={coupon} />
        <Button size="lg" disabled={blocked} onClick={() => navigate('/checkout')} aria-describedby="checkout-note">
          Proceed to Checkout
          <ArrowRight aria-hidden="true" />
        </Button>
        {blocked ? (
          <p id="checkout-note" className="text-sm text-destructive">
            Remove the unavailable caps or lower the quantities marked above to continue.
          </p>
        ) : null}
        <Button asChild variant="ghost">
          <Link to="/">Continue Shopping</Link>
        </Button>
      </section>
    </div>
  );
}

function CartTotals({ quote, coupon, blocked }: { quote: Quote; coupon: AppliedCoupon; blocked: boolean }) {
  if (quote.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Pricing your cart" className="flex flex-col gap-2">
        {[0, 1, 2].map((index) => (
          <div key={index} className="h-5 animate-pulse rounded bg-muted" />
        ))}
      </div>
    );
  }
  if (quote.isError) {
    // The lines marked above already say what to change; the server's reason is shown for anything else.
    if (blocked) return null;
    return <QuoteError quote={quote} />;
  }
  const { data } = quote;
  return (
    <dl className="flex flex-col gap-2 text-sm" aria-busy={quote.isPlaceholderData}>
      <div className="flex justify-between gap-4">
        <dt>Subtotal</dt>
        <dd data-testid="cart-subtotal">{formatNaira(data.subtotal)}</dd>
      </div>
      {coupon.applied && data.coupon_code ? (
        <div className="flex justify-between gap-4 text-accent">
          <dt>
            Coupon discount ({data.coupon_code}, {coupon.applied.discount}%)
          </dt>
          <dd data-testid="cart-discount" className="whitespace-nowrap">
            −{formatNaira(data.discount)}
          </dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-4">
        <dt>Shipping</dt>
        <dd data-testid="cart-shipping">{formatNaira(data.delivery_total)}</dd>
      </div>
      <div className="mt-2 flex justify-between gap-4 border-t border-border pt-3 text-base font-bold">
        <dt>Total</dt>
        <dd data-testid="cart-total">{formatNaira(data.total)}</dd>
      </div>
    </dl>
  );
}

function ClearCartButton() {
  const trpc = useTRPC();
  const invalidateCart = useInvalidateCart();
  const clear = useMutation(trpc.cart.clear.mutationOptions());
  const [open, setOpen] = useState(false);

  const confirm = () =>
    clear.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        // An empty cart has nothing left for the coupon to apply to.
        writeStoredCoupon(null);
        toast.success(CART_TOASTS.cleared, { description: CART_TOASTS.clearedDescription });
      },
      onError: (error) =>
        toast.error(CART_TOASTS.clearFailed, { description: readServerError(error, CART_TOASTS.tryAgain).message }),
      onSettled: () => invalidateCart(),
    });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        Clear Cart
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Clear your cart?</DialogTitle>
          <DialogDescription>Every cap will be removed from your cart.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Keep Items
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={clear.isPending}>
            Clear Cart
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function CartLine({ item }: { item: CartItemDto }) {
  const trpc = useTRPC();
  const invalidateCart = useInvalidateCart();
  const update = useMutation(trpc.cart.update.mutationOptions());
  const remove = useMutation(trpc.cart.remove.mutationOptions());
  const { product } = item;
  const name = product.name || 'Unknown Product';
  const busy = update.isPending || remove.isPending;
  const overStock = item.available && isOverStock(item);

  const doRemove = () =>
    remove.mutate(
      { id: item.id },
      {
        onSuccess: () => {
          toast.success(CART_TOASTS.removed, { description: CART_TOASTS.removedDescription });
        },
        onError: (error) =>
          toast.error(CART_TOASTS.removeFailed, { description: readServerError(error, CART_TOASTS.tryAgain).message }),
        onSettled: () => invalidateCart(),
      },
    );

  const changeQuantity = (quantity: number) => {
    update.mutate(
      { id: item.id, quantity },
      {
        onError: (error) =>
          toast.error(CART_TOASTS.updateFailed, { description: readServerError(error, CART_TOASTS.tryAgain).message }),
        onSettled: () => invalidateCart(),
      },
    );
  };

  return (
    <li
      aria-label={name}
      className="flex flex-col gap-4 rounded-card border border-border bg-card p-4 sm:flex-row"
      data-testid="cart-line"
    >
      <div className="flex min-w-0 flex-1 gap-4">
        <Link
          to={`/product/${item.product_id}`}
          tabIndex={-1}
          aria-hidden="true"
          className="size-20 shrink-0 overflow-hidden rounded-lg bg-muted sm:size-24"
        >
          <ProductImage src={product.images[0]} alt="" thumbnail />
        </Link>
        <div className="flex min-w-0 flex-col gap-1">
          <Link to={`/product/${item.product_id}`} className="font-semibold break-words hover:underline">
            {name}
          </Link>
          <p className="text-sm text-muted-foreground">{product.vendor.shop_name}</p>
          <p className="text-sm">
            {item.size ? <span>Size {item.size} · </span> : null}
            <span>{formatNaira(product.price)} each</span>
          </p>
          {!item.available ? (
            <p className="rounded-md bg-warning px-2 py-1 text-sm text-warning-foreground">{CART_TEXT.unavailable}</p>
          ) : overStock ? (
            <p className="rounded-md bg-warning px-2 py-1 text-sm text-warning-foreground">
              {product.stock > 0
                ? `Only ${product.stock} left in stock. Please lower the quantity.`
                : `${name} is out of stock. Please remove it from your cart.`}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 sm:flex-col sm:items-end sm:justify-between">
        <QuantityStepper
          itemName={name}
          value={item.quantity}
          max={Math.max(product.stock, item.quantity)}
          canIncrease={item.available && item.quantity < product.stock}
          disabled={busy || !item.available}
          onChange={changeQuantity}
        />
        <p className="font-bold">
          <span className="sr-only">Line total </span>
          {formatNaira(item.line_total)}
        </p>
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive"
          onClick={doRemove}
          disabled={busy}
          aria-label={`Remove ${name} from cart`}
        >
          <Trash2 aria-hidden="true" />
          Remove
        </Button>
      </div>
    </li>
  );
}
