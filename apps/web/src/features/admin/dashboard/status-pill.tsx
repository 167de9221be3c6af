import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type PillTone = 'success' | 'warning' | 'danger' | 'info' | 'neutral';

const TONES: Record<PillTone, string> = {
  success: 'border-green-300 bg-green-100 text-green-900',
  warning: 'border-yellow-300 bg-yellow-100 text-yellow-900',
  danger: 'border-red-300 bg-red-100 text-red-900',
  info: 'border-blue-300 bg-blue-100 text-blue-900',
  neutral: 'border-slate-300 bg-slate-100 text-slate-800',
};

/** A small status badge (Active, Suspended, Verified, Pending...), coloured by what it means. */
export function StatusPill({ tone, children, className }: { tone: PillTone; children: ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
