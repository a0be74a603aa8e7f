import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { BULK_POLL_MS, isBulkOperationActive, type BulkOperation } from '@contract/bulk';
import { getJson } from '@/lib/api-client';
import { isStreamUp, useLiveEvents } from '@/lib/live-events';

export const BULK_OPERATIONS_PATH = '/api/bulk/operations';

export const bulkOperationsQueryKey = [BULK_OPERATIONS_PATH] as const;

/** The CSV an export produced, downloaded by the browser itself (the answer is an attachment). */
export function bulkOperationOutputHref(id: string): string {
  return `${BULK_OPERATIONS_PATH}/${encodeURIComponent(id)}/output`;
}

/** The user's operations, newest first. */
export function getBulkOperations({ signal }: { signal?: AbortSignal } = {}): Promise<BulkOperation[]> {
  return getJson<BulkOperation[]>(BULK_OPERATIONS_PATH, { on401: 'throw', signal });
}

/**
 * Fed by the stream's `job.progress`; while the stream is down, read again every 1.5 s while any operation is
 * pending or processing, and not at all once none is.
 */
export function getBulkOperationsQueryOptions() {
  return queryOptions({
    queryKey: bulkOperationsQueryKey,
    queryFn: getBulkOperations,
    refetchInterval: (query) =>
      !isStreamUp() && query.state.data?.some(isBulkOperationActive) ? BULK_POLL_MS : false,
  });
}

export function useBulkOperations() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: bulkOperationsQueryKey });
  useLiveEvents({ 'job.progress': ({ kind }) => kind === 'bulk' && refresh(), reset: refresh });
  return useQuery(getBulkOperationsQueryOptions());
}
