import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StixImportReport } from '@contract/threats';
import { apiRequest } from '@/lib/api-client';
import { THREATS_PATH, threatsQueryKey } from '@/features/threats/api/get-threats';

export const THREATS_IMPORT_PATH = `${THREATS_PATH}/import`;

/** Directors: 200 with what went in and what did not; 400 when the file is not a STIX 2.1 bundle. */
export function importThreats(bundle: unknown): Promise<StixImportReport> {
  return apiRequest<StixImportReport>('POST', THREATS_IMPORT_PATH, bundle);
}

export function useImportThreats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importThreats,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: threatsQueryKey }),
  });
}
