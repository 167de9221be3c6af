import type { UserRole } from '@caps/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { ErrorScreen } from '@/components/error-screen';
import { signInNoticeState } from '@/components/sign-in-notice';
import { LoadingBlock } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { useStoredUser } from '@/lib/auth';
import { clearSession } from '@/lib/auth-storage';
import { isUnauthenticated } from '@/lib/server-errors';
import type { SignInPath } from '@/lib/sign-in-paths';
import { useTRPC } from '@/lib/trpc';

type SessionCheckCache = Partial<{
  staleTime: number;
  gcTime: number;
  retry: number | ((failureCount: number, error: unknown) => boolean);
  refetchOnWindowFocus: boolean;
  refetchOnMount: boolean;
  refetchOnReconnect: boolean;
}>;

interface RequireRoleProps {
  /** Who may see the pages: one role, or 'signed-in' for anyone signed in. */
  accountRole: UserRole | 'signed-in';
  /** The sign-in page a refused visitor is sent to. */
  signInPath: SignInPath;
  /** Shown on the sign-in page to someone signed in with another role, so they learn why they landed there. */
  wrongRoleNotice?: string;
  /** What a signed-out visitor is told: a notice on the sign-in page, or a toast (spec 8). */
  signedOut?: { notice: string } | { toast: { id: string; description: string } };
  /**
   * The stored role lets the page in at once; with this the server confirms the token first (auth.me, with the
   * pages' cache policy): a token it no longer knows is forgotten, which leads to the sign-in page too.
   */
  confirm?: { loadingLabel: string; cache: SessionCheckCache };
  /** A development build lets anyone in (the developer pages). */
  openInDevelopment?: boolean;
}

function hasRole(user: { role: string } | null, accountRole: RequireRoleProps['accountRole']): boolean {
  return user !== null && (accountRole === 'signed-in' || user.role === accountRole);
}

/**
 * The one guard of pages that need a signed-in user or a role: a layout route around them. Whoever may not
 * see them goes to the sign-in page with the notice or toast the page has always given.
 */
export function RequireRole({
  accountRole,
  signInPath,
  wrongRoleNotice,
  signedOut,
  confirm,
  openInDevelopment = false,
}: RequireRoleProps) {
  const user = useStoredUser();
  const trpc = useTRPC();
  const open = openInDevelopment && import.meta.env.DEV;
  const allowed = hasRole(user, accountRole);
  const session = useQuery({
    ...trpc.auth.me.queryOptions(undefined, confirm?.cache),
    enabled: !open && allowed && confirm !== undefined,
  });

  useEffect(() => {
    if (session.error && isUnauthenticated(session.error)) clearSession();
  }, [session.error]);

  const signedOutToast = !open && !user && signedOut && 'toast' in signedOut ? signedOut.toast : null;
  useEffect(() => {
    if (signedOutToast) toast.error('Authentication required', signedOutToast);
  }, [signedOutToast]);

  if (open) return <Outlet />;
  const refused = !allowed || (confirm && session.data && !hasRole(session.data, accountRole));
  if (refused) {
    const notice = user ? wrongRoleNotice : signedOut && 'notice' in signedOut ? signedOut.notice : undefined;
    return <Navigate to={signInPath} replace state={notice ? signInNoticeState(notice) : undefined} />;
  }
  if (confirm) {
    if (session.isPending) return <LoadingBlock label={confirm.loadingLabel} />;
    if (session.isError) return <ErrorScreen onRetry={() => void session.refetch()} />;
  }
  return <Outlet />;
}
