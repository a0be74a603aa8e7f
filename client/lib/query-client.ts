import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/api-client';

/**
 * Data-fetching defaults: data never goes stale, no retries on queries or
 * mutations, no refetch on window focus, no polling unless a query asks for it. A query with no queryFn GETs
 * the path its key stands for and throws on 401.
 */
export const queryConfig = {
  queries: {
    queryFn: getQueryFn({ on401: 'throw' }),
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: false,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}

/** The application's one client; tests make their own with `createQueryClient`. */
export const queryClient = createQueryClient();
