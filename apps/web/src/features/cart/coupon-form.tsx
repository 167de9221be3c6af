import type { CartItemDto, CouponCheckDto, CouponCheckInput } from '@caps/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Tag } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toaster';
import { readServerError } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';
import { CART_TOASTS, readStoredCoupon, writeStoredCoupon } from '@/lib/use-cart';

const MAX_COUPON_ITEMS = 50;

export interface AppliedCoupon {
  /** The server's answer for the applied code on the current cart, or null when none is applied. */
  applied: CouponCheckDto | null;
  /** Checks a code against the cart's items; applies and remembers it when valid. */
  apply: (code: string) => Promise<boolean>;
  remove: () => void;
  checking: boolean;
  /** Why the last code was refused. */
  error: string | undefined;
  clearError: () => void;
}

function couponItems(items: CartItemDto[]): NonNullable<CouponCheckInput['items']> {
  return items
    .filter((item) => item.available && item.quantity >= 1)
    .slice(0, MAX_COUPON_ITEMS)
    .map((item) => ({ product_id: item.product_id, quantity: item.quantity }));
}

/**
 * The cart's coupon: `coupons.check` with the cart's lines, re-checked whenever they change, and the
 * applied code kept in sessionStorage (`checkout_coupon`) for the checkout page.
 */
export function useAppliedCoupon(items: CartItemDto[]): AppliedCoupon {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [code, setCode] = useState<string | null>(readStoredCoupon);
  const [error, setError] = useState<string | undefined>();
  const [checking, setChecking] = useState(false);
  const lines = couponItems(items);

  const check = useQuery({
    ...trpc.coupons.check.queryOptions({ code: code ?? '', items: lines }),
    enabled: Boolean(code),
    retry: false,
    placeholderData: keepPreviousData,
  });

  // A remembered coupon that no longer fits the cart (another shop's coupon, say) is dropped, with the reason.
  const refusedStatus = check.isError ? readServerError(check.error, CART_TOASTS.invalidCoupon).status : 0;
  useEffect(() => {
    if (!code || !check.isError || refusedStatus === 0 || refusedStatus >= 500) return;
    setError(readServerError(check.error, CART_TOASTS.invalidCoupon).message);
    // Too many checks says nothing against the code: it stays, to be checked again later.
    if (refusedStatus === 429) return;
    setCode(null);
    writeStoredCoupon(null);
  }, [code, check.isError, check.error, refusedStatus]);

  const apply = useCallback(
    async (entered: string) => {
      const trimmed = entered.trim();
      if (!trimmed) {
        setError('Please enter a coupon code');
        return false;
      }
      setChecking(true);
      setError(undefined);
      try {
        const result = await queryClient.fetchQuery({
          ...trpc.coupons.check.queryOptions({ code: trimmed, items: lines }),
          retry: false,
        });
        queryClient.setQueryData(trpc.coupons.check.queryKey({ code: result.code, items: lines }), result);
        setCode(result.code);
        writeStoredCoupon(result.code);
        toast.success('Coupon applied', { description: result.message });
        return true;
      } catch (caught) {
        const { message, status } = readServerError(caught, CART_TOASTS.invalidCoupon);
        // 429 (too many checks) is no verdict on the code: the server's words say when to try again.
        const limited = status === 429;
        const reason = limited || status === 0 || status >= 500 ? message : CART_TOASTS.invalidCoupon;
        setError(reason);
        if (limited) toast.error(reason);
        else
          toast.error(CART_TOASTS.invalidCoupon, {
            description: reason === CART_TOASTS.invalidCoupon ? 'Please check the code and try again.' : reason,
          });
        return false;
      } finally {
        setChecking(false);
      }
    },
    [queryClient, trpc, lines],
  );

  const remove = useCallback(() => {
    setCode(null);
    setError(undefined);
    writeStoredCoupon(null);
  }, []);

  const applied = code && check.data ? check.data : null;
  return {
    applied,
    apply,
    remove,
    checking,
    error,
    clearError: () => setError(undefined),
  };
}

/** The coupon field with Apply, or the applied code with a Remove link. */
export function CouponForm({ coupon }: { coupon: AppliedCoupon }) {
  const [entered, setEntered] = useState('');

  if (coupon.applied) {
    return (
      <div className="flex items-start justify-between gap-3 rounded-lg border border-accent/40 bg-accent/5 px-3 py-2 text-sm">
        <div className="flex min-w-0 items-start gap-2">
          <Tag className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
          <div className="flex min-w-0 flex-col">
            <span className="font-semibold text-accent">{coupon.applied.code} applied</span>
            <span className="text-muted-foreground">{coupon.applied.message}</span>
          </div>
        </div>
        <Button variant="link" size="sm" className="h-auto px-0" onClick={coupon.remove}>
          Remove<span className="sr-only"> coupon {coupon.applied.code}</span>
        </Button>
      </div>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void coupon.apply(entered).then((applied) => {
      if (applied) setEntered('');
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Coupon" className="flex flex-col gap-2">
      <FormField label="Coupon code" error={coupon.error}>
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              value={entered}
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={20}
              placeholder="e.g. SAVE10"
              onChange={(event) => {
                setEntered(event.target.value);
                if (coupon.error) coupon.clearError();
              }}
              className="min-w-0 flex-1 uppercase placeholder:normal-case"
            />
            <Button type="submit" variant="secondary" disabled={coupon.checking}>
              Apply
            </Button>
          </div>
        )}
      </FormField>
    </form>
  );
}
