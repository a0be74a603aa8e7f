import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizationMember } from '@contract/organization';
import { getJson } from '@/lib/api-client';
import { ORGANIZATION_PATH, organizationQueryKey } from '@/features/organization/api/get-organization';

export const MEMBERS_PATH = `${ORGANIZATION_PATH}/members`;

/** Owners and admins only (403 for a member). */
export function getMembers({ signal }: { signal?: AbortSignal } = {}): Promise<OrganizationMember[]> {
  return getJson<OrganizationMember[]>(`${MEMBERS_PATH}?limit=200`, { on401: 'throw', signal });
}

export function getMembersQueryOptions() {
  return queryOptions({
    queryKey: [...organizationQueryKey, 'members'] as const,
    queryFn: ({ signal }) => getMembers({ signal }),
  });
}

export function useMembers({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getMembersQueryOptions(), enabled });
}
