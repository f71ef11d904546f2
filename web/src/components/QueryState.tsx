import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Empty, ErrorNote, Loading } from './feedback';

/** What QueryState reads of a query: a react-query result is one, and `allOf` makes one of several. */
export interface Read<T> {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * Several reads as one, for a part that needs all of them: the first refusal (its retry asks again only what
 * failed), else loading until every one has answered, then their answers in order.
 */
export function allOf<Q extends readonly UseQueryResult[]>(...queries: Q): Read<{ [K in keyof Q]: NonNullable<Q[K]['data']> }> {
  const failed = queries.find((query) => query.isError);
  const isPending = failed === undefined && queries.some((query) => query.isPending);
  return {
    isPending,
    isError: failed !== undefined,
    error: failed?.error ?? null,
    data: failed === undefined && !isPending ? (queries.map((query) => query.data) as { [K in keyof Q]: NonNullable<Q[K]['data']> }) : undefined,
    refetch: () => failed?.refetch(),
  };
}

/**
 * What a read shows: that it is loading, the service's refusal with a retry, `empty` when `isEmpty` says the
 * answer holds nothing, else `children` with the data. Without `children` it shows only the first two.
 */
export function QueryState<T>({ query, isEmpty, empty, children }: {
  query: Read<T>;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children?: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorNote error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data as T;
  if (isEmpty?.(data)) return <Empty>{empty}</Empty>;
  return children ? children(data) : null;
}
