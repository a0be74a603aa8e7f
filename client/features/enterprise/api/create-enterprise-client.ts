import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateEnterpriseClientRequest, EnterpriseClient } from '@contract/enterprise';
import { apiRequest } from '@/lib/api-client';
import {
  ENTERPRISE_CLIENTS_PATH,
  enterpriseClientsQueryKey,
} from '@/features/enterprise/api/get-enterprise-clients';

/** 201 with the client and its members; 400 with the schema's messages; 409 when the domain has a client. */
export function createEnterpriseClient(data: CreateEnterpriseClientRequest): Promise<EnterpriseClient> {
  return apiRequest<EnterpriseClient>('POST', ENTERPRISE_CLIENTS_PATH, data);
}

export function useCreateEnterpriseClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEnterpriseClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enterpriseClientsQueryKey }),
  });
}
