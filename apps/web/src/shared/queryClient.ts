import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** 4xx answers are final; network failures and 5xx get one more try. */
function retry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * How often a screen that shows now asks again (today's figures, the alerts): readings arrive every minute,
 * and a page left open must not keep showing the minute it was opened.
 */
export const LIVE_REFRESH_MS = 60_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry },
      mutations: { retry: false },
    },
  });
}
