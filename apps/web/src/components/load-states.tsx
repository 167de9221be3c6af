import { AlertTriangle, type LucideIcon, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

interface ErrorPanelProps {
  /** The spec 8 panel title, e.g. 'Failed to load products'. */
  title: string;
  /** The reason, when there is a readable one. */
  message?: string | undefined;
  onRetry: () => void;
  /** While the retry is on its way. */
  retrying?: boolean;
  className?: string;
}

/** A failed load with a retry (spec 8 "Panels with retry"), announced when it appears. */
export function ErrorPanel({ title, message, onRetry, retrying = false, className }: ErrorPanelProps) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center gap-3 rounded-card border border-destructive/30 bg-destructive/5 px-6 py-10 text-center',
        className,
      )}
    >
      <AlertTriangle className="size-10 text-destructive" aria-hidden="true" />
      <p className="text-lg font-semibold">{title}</p>
      {message ? <p className="max-w-md text-sm text-muted-foreground">{message}</p> : null}
      <Button onClick={onRetry} disabled={retrying} className="mt-1">
        <RefreshCw className={cn(retrying && 'animate-spin')} aria-hidden="true" />
        Try Again
      </Button>
    </div>
  );
}

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}

/** Nothing to show, said plainly, with the way out when there is one. */
export function EmptyState({ icon: Icon, title, description, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-card border border-dashed border-border bg-card/60 px-6 py-12 text-center',
        className,
      )}
    >
      <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
      <p className="text-lg font-semibold">{title}</p>
      {description ? <p className="max-w-md text-sm text-muted-foreground">{description}</p> : null}
      {action}
    </div>
  );
}
