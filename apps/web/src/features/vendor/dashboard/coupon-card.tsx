import { UI_TEXT, type VendorCouponDto } from '@caps/contracts';
import { CalendarClock, Copy, Pencil, Trash2, Users } from 'lucide-react';
import { useId } from 'react';
import { formatDate } from '@/components/order-status';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { cn } from '@/lib/cn';

const STATE_STYLES: Record<VendorCouponDto['state'], string> = {
  Active: 'bg-accent text-accent-foreground',
  Expired: 'bg-muted text-muted-foreground',
  'Used up': 'bg-warning text-warning-foreground',
};

/** Puts the code on the clipboard ('Copied!'), or says why it could not (no clipboard, permission refused). */
async function copyCode(code: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(code);
    toast.success(UI_TEXT.copied, { description: `${code} is on your clipboard.` });
  } catch {
    toast.error('Could not copy the code', { description: `Select the code ${code} and copy it yourself.` });
  }
}

interface CouponCardProps {
  coupon: VendorCouponDto;
  onEdit: (coupon: VendorCouponDto) => void;
  onDelete: (coupon: VendorCouponDto) => void;
}

/** One coupon: its code, discount, use so far, expiry and its real state as the server computed it. */
export function CouponCard({ coupon, onEdit, onDelete }: CouponCardProps) {
  const titleId = useId();
  const usage =
    coupon.usage_limit === null ? `${coupon.used_count} used` : `${coupon.used_count} / ${coupon.usage_limit}`;
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'flex h-full flex-col gap-4 rounded-card border border-border bg-card p-5 shadow-sm',
        coupon.state !== 'Active' && 'bg-card/70',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-1">
          <h3 id={titleId} className="truncate font-mono text-xl font-bold tracking-wider select-all">
            {coupon.code}
          </h3>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            onClick={() => void copyCode(coupon.code)}
            aria-label={`Copy code ${coupon.code}`}
            title="Copy code"
          >
            <Copy aria-hidden="true" />
          </Button>
        </div>
        <span className={cn('shrink-0 rounded-full px-2.5 py-1 text-xs font-semibold', STATE_STYLES[coupon.state])}>
          {coupon.state}
        </span>
      </div>
      <div>
        <p className="text-3xl font-bold text-primary">{coupon.discount}% off</p>
        {coupon.description ? <p className="mt-1 text-sm text-muted-foreground">{coupon.description}</p> : null}
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="flex items-center gap-1.5 text-muted-foreground">
            <Users className="size-3.5" aria-hidden="true" />
            Usage
          </dt>
          <dd className="font-semibold">
            {usage}
            {coupon.per_customer_limit === null ? null : (
              <span className="block text-xs font-normal text-muted-foreground">
                {coupon.per_customer_limit === 1 ? 'Once per customer' : `${coupon.per_customer_limit} per customer`}
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt className="flex items-center gap-1.5 text-muted-foreground">
            <CalendarClock className="size-3.5" aria-hidden="true" />
            Expiry
          </dt>
          <dd className="font-semibold">{coupon.expires_at ? formatDate(coupon.expires_at) : 'Never'}</dd>
        </div>
      </dl>
      <div className="mt-auto flex gap-2 border-t border-border pt-4">
        <Button
          variant="outline"
          size="sm"
          className="flex-1"
          onClick={() => onEdit(coupon)}
          aria-describedby={titleId}
        >
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="flex-1 text-destructive hover:bg-destructive/10"
          onClick={() => onDelete(coupon)}
          aria-describedby={titleId}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
    </article>
  );
}
