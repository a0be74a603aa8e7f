import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import {
  ENTERPRISE_CLIENTS_PATH,
  enterpriseClientsQueryKey,
} from '@/features/enterprise/api/get-enterprise-clients';

/** 204; the client's members keep their accounts. */
export function deleteEnterpriseClient(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `${ENTERPRISE_CLIENTS_PATH}/${encodeURIComponent(id)}`);
}

export function useDeleteEnterpriseClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEnterpriseClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enterpriseClientsQueryKey }),
  });
}
