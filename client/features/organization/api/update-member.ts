import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganizationMember, OrganizationRole } from '@contract/organization';
import { apiRequest } from '@/lib/api-client';
import { MEMBERS_PATH } from '@/features/organization/api/get-members';
import { organizationQueryKey } from '@/features/organization/api/get-organization';
import { userQueryKey } from '@/lib/auth';

/** 403 when an admin touches an owner; 409 for the last owner. */
export function updateMember({ userId, role }: { userId: string; role: OrganizationRole }) {
  return apiRequest<OrganizationMember>('PATCH', `${MEMBERS_PATH}/${encodeURIComponent(userId)}`, { role });
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSuccess: async () => {
      // The caller's own role may have changed with it (an owner stepping down).
      await queryClient.invalidateQueries({ queryKey: organizationQueryKey });
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}
