import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedIntegration, CreateIntegrationRequest } from '@contract/integrations';
import { apiRequest } from '@/lib/api-client';
import { INTEGRATIONS_PATH, integrationsQueryKey } from '@/features/integrations/api/get-integrations';

/** 201 with the integration; a webhook created without a secret carries its `signingSecret`, this once. */
export function createIntegration(data: CreateIntegrationRequest): Promise<CreatedIntegration> {
  return apiRequest<CreatedIntegration>('POST', INTEGRATIONS_PATH, data);
}

export function useCreateIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIntegration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationsQueryKey }),
  });
}
