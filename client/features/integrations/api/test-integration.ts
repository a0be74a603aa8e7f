import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IntegrationDelivery } from '@contract/integrations';
import { apiRequest } from '@/lib/api-client';
import { INTEGRATIONS_PATH } from '@/features/integrations/api/get-integrations';
import { integrationDeliveriesQueryKey } from '@/features/integrations/api/get-integration-deliveries';

/** 202 with the queued test delivery; 409 when the integration is inactive. */
export function testIntegration(id: string): Promise<IntegrationDelivery> {
  return apiRequest<IntegrationDelivery>('POST', `${INTEGRATIONS_PATH}/${encodeURIComponent(id)}/test`, {});
}

export function useTestIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testIntegration,
    onSuccess: (_delivery, id) =>
      queryClient.invalidateQueries({ queryKey: integrationDeliveriesQueryKey(id) }),
  });
}
