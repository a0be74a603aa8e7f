import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invitation } from '@contract/organization';
import { getJson } from '@/lib/api-client';
import { ORGANIZATION_PATH, organizationQueryKey } from '@/features/organization/api/get-organization';

export const INVITATIONS_PATH = `${ORGANIZATION_PATH}/invitations`;

/** The invitations waiting for an answer (owners and admins). */
export function getInvitations({ signal }: { signal?: AbortSignal } = {}): Promise<Invitation[]> {
  return getJson<Invitation[]>(INVITATIONS_PATH, { on401: 'throw', signal });
}

export function getInvitationsQueryOptions() {
  return queryOptions({
    queryKey: [...organizationQueryKey, 'invitations'] as const,
    queryFn: ({ signal }) => getInvitations({ signal }),
  });
}

export function useInvitations({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getInvitationsQueryOptions(), enabled });
}
