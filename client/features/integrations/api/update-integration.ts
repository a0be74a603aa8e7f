import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Integration, UpdateIntegrationRequest } from '@contract/integrations';
import { apiRequest } from '@/lib/api-client';
import { INTEGRATIONS_PATH, integrationsQueryKey } from '@/features/integrations/api/get-integrations';

/** PATCH: rename, enable or disable (`isActive`), or replace config fields. */
export function updateIntegration({
  id,
  changes,
}: {
  id: string;
  changes: UpdateIntegrationRequest;
}): Promise<Integration> {
  return apiRequest<Integration>('PATCH', `${INTEGRATIONS_PATH}/${encodeURIComponent(id)}`, changes);
}

export function useUpdateIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateIntegration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationsQueryKey }),
  });
}
