import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { type FinanceTone, TONE_CLASSES } from '@/lib/finance-labels';

export type PillTone = FinanceTone;

/** A small status badge (Active, Suspended, Verified, Pending...), coloured by what it means. */
export function StatusPill({ tone, children, className }: { tone: PillTone; children: ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        TONE_CLASSES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
