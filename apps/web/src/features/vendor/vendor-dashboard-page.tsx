import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, Clock } from 'lucide-react';
import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { ErrorScreen } from '@/components/error-screen';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { LoadingBlock } from '@/components/ui/spinner';
import { useStoredUser } from '@/lib/auth';
import { clearSession } from '@/lib/auth-storage';
import { isUnauthenticated } from '@/lib/server-errors';
import { useTRPC } from '@/lib/trpc';

/** Spec 9: dashboard and profile data stay fresh for 5 minutes and are kept for 10. */
const PROFILE_FRESH_MS = 5 * 60_000;
const PROFILE_KEPT_MS = 10 * 60_000;

/** /vendor/dashboard: for now the shop's name and verification state; the tabs come with the vendor issue. */
export function VendorDashboardPage() {
  const user = useStoredUser();
  const trpc = useTRPC();
  const isVendor = user?.role === 'vendor';
  const profile = useQuery({
    ...trpc.auth.me.queryOptions(undefined, { staleTime: PROFILE_FRESH_MS, gcTime: PROFILE_KEPT_MS }),
    enabled: isVendor,
  });

  // A token the server no longer knows (expired, revoked) is forgotten, which leads to the login page.
  useEffect(() => {
    if (profile.error && isUnauthenticated(profile.error)) clearSession();
  }, [profile.error]);

  if (!isVendor) return <Navigate to="/vendor/auth" replace />;
  if (profile.isPending) return <LoadingBlock label="Loading your shop..." />;
  if (profile.isError) return <ErrorScreen onRetry={() => void profile.refetch()} />;

  const vendor = profile.data.vendor;
  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <title>Vendor Dashboard | Caps Marketplace</title>
      <h1 className="text-3xl font-bold">Vendor Dashboard</h1>
      <Card className="mt-6">
        <CardHeader>
          <p className="text-sm text-muted-foreground">Your shop</p>
          <h2 className="text-2xl font-semibold">{vendor?.shop_name ?? 'No shop yet'}</h2>
        </CardHeader>
        {vendor ? (
          <CardContent>
            {vendor.is_verified === 0 ? (
              <p className="inline-flex items-center gap-2 rounded-full bg-warning px-3 py-1 text-sm font-semibold text-warning-foreground">
                <Clock className="size-4" aria-hidden="true" />
                Pending verification
              </p>
            ) : (
              <p className="inline-flex items-center gap-2 rounded-full bg-accent px-3 py-1 text-sm font-semibold text-accent-foreground">
                <BadgeCheck className="size-4" aria-hidden="true" />
                Verified
              </p>
            )}
          </CardContent>
        ) : null}
      </Card>
    </section>
  );
}
