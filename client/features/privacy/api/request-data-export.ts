import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DataExport } from '@contract/privacy';
import { apiRequest } from '@/lib/api-client';
import { dataExportsQueryKey } from '@/features/privacy/api/get-data-exports';

/**
 * 202 with the pending export (or, while one is still running, that one); its job collects the data and the list
 * shows its progress.
 */
export function requestDataExport(): Promise<DataExport> {
  return apiRequest<DataExport>('POST', '/api/account/export', {});
}

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDataExport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataExportsQueryKey }),
  });
}
