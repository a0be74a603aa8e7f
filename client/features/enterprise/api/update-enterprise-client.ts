import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnterpriseClient, UpdateEnterpriseClientRequest } from '@contract/enterprise';
import { apiRequest } from '@/lib/api-client';
import {
  ENTERPRISE_CLIENTS_PATH,
  enterpriseClientsQueryKey,
} from '@/features/enterprise/api/get-enterprise-clients';

/** 200 with the client as it now stands; 409 when a new domain has a client already. */
export function updateEnterpriseClient({
  id,
  changes,
}: {
  id: string;
  changes: UpdateEnterpriseClientRequest;
}): Promise<EnterpriseClient> {
  return apiRequest<EnterpriseClient>(
    'PATCH',
    `${ENTERPRISE_CLIENTS_PATH}/${encodeURIComponent(id)}`,
    changes,
  );
}

export function useUpdateEnterpriseClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEnterpriseClient,
    onSuccess: (updated) => {
      queryClient.setQueryData<EnterpriseClient[]>(enterpriseClientsQueryKey, (clients) =>
        clients?.map((client) => (client.id === updated.id ? updated : client)),
      );
    },
  });
}
