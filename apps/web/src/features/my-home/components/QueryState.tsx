import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../shared/api';
import { Alert } from '../../../shared/ui/Alert';
import { LoadingState } from '../../../shared/ui/LoadingState';

/** A request's loading state, its failure as a danger alert with the status text (spec §8), or its data. */
export function QueryState<T>({
  query,
  loading,
  children,
}: {
  query: UseQueryResult<T>;
  loading: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState title={loading} />;
  if (query.isError) return <Alert tone="danger">{errorMessage(query.error)}</Alert>;
  return <>{children(query.data)}</>;
}
