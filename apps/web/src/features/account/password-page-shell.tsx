import { KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { NoScriptNotice } from '@/lib/seo';

/** The frame of the forgotten-password pages: a card like the sign-in pages', with its heading. */
export function PasswordPageShell({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
      <title>{`${title} | Caps Marketplace`}</title>
      {/* The reset link carries a secret: no page it links to learns it from the Referer header. */}
      <meta name="referrer" content="no-referrer" />
      <Card>
        <CardHeader className="items-center text-center">
          <KeyRound className="size-10 text-primary" aria-hidden="true" />
          <h1 className="text-2xl font-bold">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>
          <NoScriptNotice className="mb-4 text-center">Turn on JavaScript to use this form.</NoScriptNotice>
          {children}
        </CardContent>
      </Card>
    </div>
  );
}

/** A message that replaces or heads a form: what happened, and the way on. */
export function OutcomePanel({ tone, children }: { tone: 'success' | 'error'; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={
        tone === 'error'
          ? 'flex flex-col gap-2 rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm font-medium text-destructive'
          : 'flex flex-col gap-2 rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-sm font-medium text-green-900'
      }
    >
      {children}
    </div>
  );
}

export const linkClassName = 'font-semibold text-primary underline-offset-4 hover:underline';
