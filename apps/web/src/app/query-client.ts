import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api/index.ts';

/**
 * Shared query cache. Requests the server refused (4xx) are not retried — asking again will not
 * change the answer; unreachable servers and 5xx get two more tries.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}
