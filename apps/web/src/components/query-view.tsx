import type { UseQueryResult } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { LoadingBlock } from '@/components/ui/spinner';
import { isNotFoundError } from '@/lib/query-errors';
import { readServerError } from '@/lib/server-errors';
import { EmptyState, ErrorPanel } from './load-states';

interface QueryViewProps<TData> {
  query: UseQueryResult<TData, unknown>;
  /** Read to screen readers while the spinner turns, e.g. 'Loading products...'. */
  loading: string;
  /** The panel's title when loading failed, e.g. 'Failed to load products' (spec 8). */
  failed: string;
  /** The reason under the title when the server gave none; none by default. */
  failedReason?: string;
  /** Spec 8's lookup message when the record does not exist, e.g. 'Vendor not found'. */
  notFound?: string;
  /** What an empty answer shows, e.g. 'No products found', and when the answer counts as empty. */
  empty?: ComponentProps<typeof EmptyState> & { when: (data: TData) => boolean };
  children: (data: TData) => ReactNode;
}

/**
 * The states a loaded list or record goes through: a spinner, a failure with Try Again (the server's
 * reason under the title), "not found" for a record that is gone, the empty state, the data.
 */
export function QueryView<TData>({
  query,
  loading,
  failed,
  failedReason = '',
  notFound,
  empty,
  children,
}: QueryViewProps<TData>) {
  if (query.isPending) return <LoadingBlock label={loading} />;
  if (query.isError) {
    if (notFound && isNotFoundError(query.error)) return <EmptyState icon={SearchX} title={notFound} />;
    return (
      <ErrorPanel
        title={failed}
        message={readServerError(query.error, failedReason).message || undefined}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (empty?.when(query.data)) {
    const { when: _, ...state } = empty;
    return <EmptyState {...state} />;
  }
  return children(query.data);
}
