import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { INVITATIONS_PATH } from '@/features/organization/api/get-invitations';
import { organizationQueryKey } from '@/features/organization/api/get-organization';

/** 204: the invitation's link stops working. */
export function revokeInvitation(id: string) {
  return apiRequest<null>('DELETE', `${INVITATIONS_PATH}/${encodeURIComponent(id)}`);
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationQueryKey }),
  });
}
