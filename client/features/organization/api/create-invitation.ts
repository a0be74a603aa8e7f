import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invitation, InviteMemberRequest } from '@contract/organization';
import { apiRequest } from '@/lib/api-client';
import { INVITATIONS_PATH } from '@/features/organization/api/get-invitations';
import { organizationQueryKey } from '@/features/organization/api/get-organization';

/** 201 and a mail with the link; 409 when the address belongs to an organisation or is already invited. */
export function createInvitation(body: InviteMemberRequest) {
  return apiRequest<Invitation>('POST', INVITATIONS_PATH, body);
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationQueryKey }),
  });
}
