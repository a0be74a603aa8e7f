import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { INTEGRATIONS_PATH, integrationsQueryKey } from '@/features/integrations/api/get-integrations';

/** 204: the integration and its delivery log are gone. */
export function deleteIntegration(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `${INTEGRATIONS_PATH}/${encodeURIComponent(id)}`);
}

export function useDeleteIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIntegration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationsQueryKey }),
  });
}
