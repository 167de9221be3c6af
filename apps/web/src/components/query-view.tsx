import type { UseQueryResult } from '@tanstack/react-query';
import { type LucideIcon, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
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
  /** Spec 8's lookup message when the record does not exist, e.g. 'Vendor not found'. */
  notFound?: string;
  /** What an empty answer shows, e.g. 'No products found'. */
  empty?: { icon: LucideIcon; title: string; when: (data: TData) => boolean };
  children: (data: TData) => ReactNode;
}

/**
 * The states every admin list and record goes through: a spinner, a failure with Try Again (the
 * server's reason under the title), "not found" for a record that is gone, the empty state, the data.
 */
export function QueryView<TData>({ query, loading, failed, notFound, empty, children }: QueryViewProps<TData>) {
  if (query.isPending) return <LoadingBlock label={loading} />;
  if (query.isError) {
    if (notFound && isNotFoundError(query.error)) return <EmptyState icon={SearchX} title={notFound} />;
    return (
      <ErrorPanel
        title={failed}
        message={readServerError(query.error, '').message || undefined}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (empty?.when(query.data)) return <EmptyState icon={empty.icon} title={empty.title} />;
  return children(query.data);
}
