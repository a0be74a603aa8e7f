import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { DATA_EXPORT_POLL_MS, isDataExportActive, type DataExport } from '@contract/privacy';
import { getJson } from '@/lib/api-client';
import { isStreamUp, useLiveEvents } from '@/lib/live-events';

export const DATA_EXPORTS_PATH = '/api/account/exports';

export const dataExportsQueryKey = [DATA_EXPORTS_PATH] as const;

/** The finished document, downloaded by the browser itself (the answer is an attachment). */
export function dataExportDownloadHref(id: string): string {
  return `${DATA_EXPORTS_PATH}/${encodeURIComponent(id)}/download`;
}

/** The user's exports, newest first. */
export function getDataExports({ signal }: { signal?: AbortSignal } = {}): Promise<DataExport[]> {
  return getJson<DataExport[]>(DATA_EXPORTS_PATH, { on401: 'throw', signal });
}

/**
 * Fed by the stream's `job.progress`; while the stream is down, read again every 1.5 s while an export is pending
 * or processing, and not at all once none is.
 */
export function getDataExportsQueryOptions() {
  return queryOptions({
    queryKey: dataExportsQueryKey,
    queryFn: getDataExports,
    refetchInterval: (query) =>
      !isStreamUp() && query.state.data?.some(isDataExportActive) ? DATA_EXPORT_POLL_MS : false,
  });
}

export function useDataExports() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: dataExportsQueryKey });
  useLiveEvents({ 'job.progress': ({ kind }) => kind === 'export' && refresh(), reset: refresh });
  return useQuery(getDataExportsQueryOptions());
}
