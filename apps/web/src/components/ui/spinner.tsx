import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

interface SpinnerProps {
  className?: string;
  /** Read to screen readers; leave empty when the surrounding text already says what is happening. */
  label?: string;
}

export function Spinner({ className, label }: SpinnerProps) {
  return (
    <>
      <LoaderCircle className={cn('size-4 animate-spin', className)} aria-hidden="true" />
      {label ? <span className="sr-only">{label}</span> : null}
    </>
  );
}

/** A centred spinner for a loading page or panel. */
export function LoadingBlock({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="flex min-h-40 items-center justify-center text-muted-foreground" role="status">
      <Spinner className="size-6" label={label} />
    </div>
  );
}
