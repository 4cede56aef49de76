import { QueryClient } from '@tanstack/react-query';

// Reads go through react-query; the wrapper already alerted, so no retries and no focus refetch.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
