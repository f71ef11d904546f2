import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Empty, ErrorNote, Loading } from './feedback';

/**
 * What a read shows: that it is loading, the service's refusal with a retry, `empty` when `isEmpty` says the
 * answer holds nothing, else `children` with the data. Without `children` it shows only the first two.
 */
export function QueryState<T>({ query, isEmpty, empty, children }: {
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children?: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorNote error={query.error} onRetry={() => void query.refetch()} />;
  if (isEmpty?.(query.data)) return <Empty>{empty}</Empty>;
  return children ? children(query.data) : null;
}
