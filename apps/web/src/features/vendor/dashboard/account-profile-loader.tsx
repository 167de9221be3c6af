import { UI_TEXT, type UserDto } from '@caps/contracts';
import type { ReactNode } from 'react';
import { ErrorPanel } from '@/components/load-states';
import { LoadingBlock } from '@/components/ui/spinner';
import { readServerError } from '@/lib/server-errors';
import { useVendorProfile } from './use-vendor-profile';

/** A save refused for a lost session signs in again on the vendor's own page. */
export const VENDOR_SIGN_IN_PATH = '/vendor/auth';

interface VendorProfileLoaderProps {
  /** Read to screen readers while loading, e.g. 'Loading your shop...'. */
  loadingLabel: string;
  /** The retry panel's title (spec 8: load failures of the shop and account profile). */
  failureTitle: string;
  children: (user: UserDto) => ReactNode;
}

/**
 * The vendor's profile from the page's own `auth.me` cache entry (no second request), or a spinner,
 * or a retry panel. A refused session is the page's business: it signs the vendor out.
 */
export function VendorProfileLoader({ loadingLabel, failureTitle, children }: VendorProfileLoaderProps) {
  const profile = useVendorProfile();
  if (profile.isPending) return <LoadingBlock label={loadingLabel} />;
  if (profile.isError) {
    return (
      <ErrorPanel
        title={failureTitle}
        message={readServerError(profile.error, UI_TEXT.errorLoadingData).message}
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  }
  return children(profile.data);
}
