import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Organization } from '@contract/organization';
import { apiRequest } from '@/lib/api-client';
import { INVITATIONS_PATH } from '@/features/organization/api/get-invitations';
import { organizationQueryKey } from '@/features/organization/api/get-organization';
import { userQueryKey } from '@/lib/auth';

/** 200 the organisation; 400 unknown or expired, 403 another or unverified address, 409 used or already a member. */
export function acceptInvitation(token: string) {
  return apiRequest<Organization>('POST', `${INVITATIONS_PATH}/accept`, { token });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: organizationQueryKey });
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}
