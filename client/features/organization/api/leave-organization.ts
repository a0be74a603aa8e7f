import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ORGANIZATION_PATH, organizationQueryKey } from '@/features/organization/api/get-organization';
import { userQueryKey } from '@/lib/auth';

/** 204; 409 for the last owner. The tier badge follows: the user's effective tier changes with it. */
export function leaveOrganization() {
  return apiRequest<null>('POST', `${ORGANIZATION_PATH}/leave`, {});
}

export function useLeaveOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveOrganization,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: organizationQueryKey });
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}
