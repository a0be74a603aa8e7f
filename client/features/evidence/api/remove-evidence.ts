import { useMutation, useQueryClient } from '@tanstack/react-query';
import { filesQueryOptions } from '@/features/evidence/api/get-evidence-files';
import { apiRequest } from '@/lib/api-client';

/** Removal refreshes the list (the file stays listed as removed); `onChanged` as for an upload. */
export function useRemoveEvidence(base: string, onChanged?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => apiRequest<null>('DELETE', `${base}/files/${encodeURIComponent(fileId)}`),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: filesQueryOptions(base).queryKey });
      onChanged?.();
    },
  });
}
