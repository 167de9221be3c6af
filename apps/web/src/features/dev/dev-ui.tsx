import { type ReactNode, useSyncExternalStore } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useStoredUser } from '@/lib/auth';
import { readToken, subscribeToSession } from '@/lib/auth-storage';
import { cn } from '@/lib/cn';
import type { TimedResponse } from './timed-fetch';

/** 2xx green, 4xx amber, 5xx and no answer red: the colour tells at a glance whether to look closer. */
function toneOf(status: number): string {
  if (status >= 200 && status < 300) return 'bg-accent text-accent-foreground';
  if (status >= 400 && status < 500) return 'bg-warning text-warning-foreground';
  if (status >= 300 && status < 400) return 'bg-secondary text-secondary-foreground';
  return 'bg-destructive text-destructive-foreground';
}

/** The HTTP status of an answer ("200 OK"), or "Network error" when none came. */
export function StatusBadge({ response, className }: { response: TimedResponse; className?: string }) {
  const label = response.status === 0 ? 'Network error' : `${response.status} ${response.statusText}`.trim();
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 font-mono text-xs font-semibold',
        toneOf(response.status),
        className,
      )}
    >
      {label}
    </span>
  );
}

/**
 * Which credentials the calls go out with: the stored bearer token and, when the user record is
 * valid, whose it is. A call for another role then answers 401/403, which is expected.
 */
function SessionSummary() {
  const token = useSyncExternalStore(subscribeToSession, readToken);
  const user = useStoredUser();
  return (
    <p role="status" className="mt-4 rounded-lg border border-border bg-muted px-3 py-2 text-sm">
      {token === null ? (
        <>
          <span className="font-semibold">No token held:</span> calls go out as a visitor, without a bearer token.
        </>
      ) : user ? (
        <>
          <span className="font-semibold">Token held</span> for {user.name} ({user.email}), role{' '}
          <span className="font-semibold">{user.role}</span>: calls carry it as a bearer token.
        </>
      ) : (
        <>
          <span className="font-semibold">Token held</span> without a valid user record: calls carry it as a bearer
          token.
        </>
      )}
    </p>
  );
}

interface RunButtonProps extends ButtonProps {
  running: boolean;
}

/** A button that starts a test: "Running..." with a spinner, and disabled, while the test runs. */
export function RunButton({ running, disabled, children, ...props }: RunButtonProps) {
  return (
    <Button disabled={running || disabled} aria-busy={running} {...props}>
      {running ? (
        <>
          <Spinner /> Running...
        </>
      ) : (
        children
      )}
    </Button>
  );
}

/** The frame of a developer page: its title, what it does, and which credentials its calls carry. */
export function DevPage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <title>{`${title} | Caps Marketplace`}</title>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-2 max-w-prose text-muted-foreground">{intro}</p>
      <SessionSummary />
      {children}
    </section>
  );
}
