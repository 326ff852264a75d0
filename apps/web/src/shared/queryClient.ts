import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** 4xx answers are final; network failures and 5xx get one more try. */
function retry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry },
      mutations: { retry: false },
    },
  });
}
