import type { CartItemDto } from '@caps/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';

/** A refusal (a line that cannot be bought, a coupon that no longer applies) is final; a failure is retried. */
const retryFailuresOnly = (failureCount: number, error: unknown) => {
  const { status } = readServerError(error, '');
  return (status === 0 || status >= 500) && failureCount < 2;
};

/**
 * The server's price of these cart lines with the coupon (`checkout.quote`): the totals the cart and
 * checkout show are exactly what placing the order charges. Keyed by the lines, so a change re-prices.
 */
export function useQuote(lines: readonly CartItemDto[], couponCode: string | null) {
  const trpc = useTRPC();
  const items = lines.map(({ product_id, quantity, size }) => ({ product_id, quantity, size }));
  return useQuery({
    ...trpc.checkout.quote.queryOptions({ items, coupon_code: couponCode }),
    enabled: items.length > 0,
    placeholderData: keepPreviousData,
    retry: retryFailuresOnly,
  });
}

export type Quote = ReturnType<typeof useQuote>;
