import { useQuery } from '@tanstack/react-query';
import { type ComponentType, type LazyExoticComponent, Suspense, useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { ErrorScreen } from '@/components/error-screen';
import { signInNoticeState } from '@/components/sign-in-notice';
import { LoadingBlock } from '@/components/ui/spinner';
import { useStoredUser } from '@/lib/auth';
import { clearSession } from '@/lib/auth-storage';
import { isUnauthenticated } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';

const ADMINS_ONLY = 'The developer pages are for admins. Please sign in with an admin account.';

/**
 * The developer pages (/backend-test, /product-test, /order-test, /performance-test): anyone in a development
 * build, otherwise signed-in admins only, as /admin/dashboard decides (the stored role at once, then the server
 * confirms the token). Everyone else goes to /admin/auth with a notice. The page's own code is a lazy chunk
 * fetched only once the admin is confirmed, so it is not shipped to every visitor.
 */
export function DevPageGuard({ page: Page }: { page: LazyExoticComponent<ComponentType> }) {
  const user = useStoredUser();
  const trpc = useTRPC();
  const open = import.meta.env.DEV;
  const isAdmin = user?.role === 'admin';
  const profile = useQuery({ ...trpc.auth.me.queryOptions(), enabled: !open && isAdmin, retry: 1 });

  useEffect(() => {
    if (profile.error && isUnauthenticated(profile.error)) clearSession();
  }, [profile.error]);

  if (!open) {
    if (!isAdmin || (profile.data && profile.data.role !== 'admin')) {
      return <Navigate to="/admin/auth" replace state={signInNoticeState(ADMINS_ONLY)} />;
    }
    if (profile.isPending) return <LoadingBlock label="Loading..." />;
    if (profile.isError) return <ErrorScreen onRetry={() => void profile.refetch()} />;
  }
  return (
    <Suspense fallback={<LoadingBlock label="Loading..." />}>
      <Page />
    </Suspense>
  );
}
