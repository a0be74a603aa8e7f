import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganizationMember, SeatMemberRequest } from '@contract/organization';
import { apiRequest } from '@/lib/api-client';
import {
  ENTERPRISE_CLIENTS_PATH,
  enterpriseClientsQueryKey,
} from '@/features/enterprise/api/get-enterprise-clients';

/** 201 with the new member; 404 for an unknown address, 409 when the account belongs to an organisation already. */
export function seatClientMember({
  clientId,
  body,
}: {
  clientId: string;
  body: SeatMemberRequest;
}): Promise<OrganizationMember> {
  return apiRequest<OrganizationMember>(
    'POST',
    `${ENTERPRISE_CLIENTS_PATH}/${encodeURIComponent(clientId)}/members`,
    body,
  );
}

export function useSeatClientMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: seatClientMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enterpriseClientsQueryKey }),
  });
}
