import { type CartItemDto, formatNaira } from '@caps/contracts';
import type { ReactNode } from 'react';
import { ProductImage } from '@/components/product-image';
import { QuoteError } from './quote-error';
import type { Quote } from './use-quote';

interface ShopGroup {
  shopId: number;
  shopName: string;
  lines: CartItemDto[];
}

export function groupByShop(lines: readonly CartItemDto[]): ShopGroup[] {
  const groups = new Map<number, ShopGroup>();
  for (const line of lines) {
    const vendor = line.product.vendor;
    const group = groups.get(vendor.id) ?? { shopId: vendor.id, shopName: vendor.shop_name, lines: [] };
    group.lines.push(line);
    groups.set(vendor.id, group);
  }
  return [...groups.values()];
}

interface OrderSummaryProps {
  lines: readonly CartItemDto[];
  /** The server's price of the lines: the money shown is the money charged. */
  quote: Quote;
  couponCode: string | null;
  /** Why a coupon from the cart was dropped, if it was. */
  couponNote: string | null;
  children?: ReactNode;
}

/** The cart's lines grouped by shop (one order per shop), then the money. */
export function OrderSummary({ lines, quote, couponCode, couponNote, children }: OrderSummaryProps) {
  const groups = groupByShop(lines);
  return (
    <section
      aria-labelledby="order-summary-title"
      className="rounded-card border border-border bg-card p-5 shadow-sm sm:p-6"
    >
      <h2 id="order-summary-title" className="text-xl font-semibold">
        Order Summary
      </h2>
      {groups.length > 1 ? (
        <p className="mt-1 text-sm text-muted-foreground">
          Your caps come from {groups.length} shops: each shop gets its own order, paid together.
        </p>
      ) : null}
      <div className="mt-4 flex flex-col gap-5">
        {groups.map((group) => (
          <div key={group.shopId}>
            <h3 className="text-sm font-semibold text-muted-foreground">{group.shopName}</h3>
            <ul className="mt-2 flex flex-col gap-3">
              {group.lines.map((line) => (
                <li key={line.id} className="flex gap-3">
                  <div className="size-14 shrink-0 overflow-hidden rounded-lg bg-muted">
                    <ProductImage src={line.product.images[0]} alt={line.product.name} thumbnail />
                  </div>
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="truncate font-medium">{line.product.name}</p>
                    <p className="text-muted-foreground">
                      {line.size ? `Size ${line.size} · ` : ''}Qty {line.quantity}
                    </p>
                    {line.available ? null : <p className="font-medium text-destructive">No longer available</p>}
                  </div>
                  <p className="shrink-0 text-sm font-semibold">{formatNaira(line.line_total)}</p>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <SummaryMoney quote={quote} couponCode={couponCode} />
      {couponNote ? (
        <p role="status" className="mt-3 rounded-lg bg-warning px-3 py-2 text-sm text-warning-foreground">
          {couponNote}
        </p>
      ) : null}
      {children}
    </section>
  );
}

/** Subtotal, discount, shipping and total as the server priced them, or why they could not be. */
function SummaryMoney({ quote, couponCode }: { quote: Quote; couponCode: string | null }) {
  if (quote.isPending) {
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label="Pricing your order"
        className="mt-5 flex flex-col gap-2 border-t border-border pt-4"
      >
        {[0, 1, 2].map((index) => (
          <div key={index} className="h-5 animate-pulse rounded bg-muted" />
        ))}
      </div>
    );
  }
  if (quote.isError) {
    return <QuoteError quote={quote} className="mt-5 border-t border-border pt-4" />;
  }
  const { data } = quote;
  return (
    <dl className="mt-5 flex flex-col gap-2 border-t border-border pt-4 text-sm" aria-busy={quote.isPlaceholderData}>
      <div className="flex justify-between">
        <dt>Subtotal</dt>
        <dd>{formatNaira(data.subtotal)}</dd>
      </div>
      {couponCode && data.coupon_code && data.discount > 0 ? (
        <div className="flex justify-between text-accent">
          <dt>Discount ({data.coupon_code})</dt>
          <dd>-{formatNaira(data.discount)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between">
        <dt>Shipping</dt>
        <dd>{formatNaira(data.delivery_total)}</dd>
      </div>
      <div className="flex justify-between border-t border-border pt-2 text-base font-bold">
        <dt>Total</dt>
        <dd>{formatNaira(data.total)}</dd>
      </div>
    </dl>
  );
}
