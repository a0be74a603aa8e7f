import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { MEMBERS_PATH } from '@/features/organization/api/get-members';
import { organizationQueryKey } from '@/features/organization/api/get-organization';

/** 204; 403 when an admin removes an owner; 409 for the last owner. */
export function removeMember(userId: string) {
  return apiRequest<null>('DELETE', `${MEMBERS_PATH}/${encodeURIComponent(userId)}`);
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationQueryKey }),
  });
}
