import type { PayoutStatus } from '@caps/contracts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import {
  naira,
  PAYOUT_STATUS_LABELS,
  PAYOUT_STATUS_TONES,
  signedAmountClass,
  TONE_CLASSES,
} from '@/lib/finance-labels';

/** A list of money rows as a table that scrolls sideways inside its card on narrow screens. */
export function MoneyTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <section
      className="relative overflow-x-auto rounded-card border border-border bg-card shadow-sm"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard.
      tabIndex={0}
      aria-label={caption}
    >
      <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/60 text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">{children}</tbody>
      </table>
    </section>
  );
}

export function MoneyCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-4 py-3 align-middle', className)} {...props} />;
}

/** A signed amount: '+₦9,000' in green for money into the bucket, '−₦1,000' in red for money out. */
export function SignedAmount({ amount }: { amount: number }) {
  const sign = amount > 0 ? '+' : amount < 0 ? '−' : '';
  return (
    <span className={cn('font-semibold whitespace-nowrap tabular-nums', signedAmountClass(amount))}>
      {sign}
      {naira(Math.abs(amount))}
    </span>
  );
}

export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        TONE_CLASSES[PAYOUT_STATUS_TONES[status]],
      )}
    >
      {PAYOUT_STATUS_LABELS[status]}
    </span>
  );
}

/** Previous and Next under a list with more than one page. */
export function Pager({
  label,
  page,
  lastPage,
  onPage,
}: {
  /** Names the navigation, e.g. 'Ledger pages'. */
  label: string;
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
}) {
  if (lastPage <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-3">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Page {page} of {lastPage}
      </p>
      <Button variant="outline" size="sm" disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
