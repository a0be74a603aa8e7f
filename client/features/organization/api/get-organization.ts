import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Organization } from '@contract/organization';
import { ApiError, getJson } from '@/lib/api-client';

export const ORGANIZATION_PATH = '/api/organization';

/** Every organisation query starts with this key, so a membership change refreshes them all at once. */
export const organizationQueryKey = [ORGANIZATION_PATH] as const;

/** The signed-in user's organisation; null when they belong to none (the API's 404). */
export async function getOrganization({
  signal,
}: { signal?: AbortSignal } = {}): Promise<Organization | null> {
  try {
    return await getJson<Organization>(ORGANIZATION_PATH, { on401: 'throw', signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function getOrganizationQueryOptions() {
  return queryOptions({
    queryKey: organizationQueryKey,
    queryFn: ({ signal }) => getOrganization({ signal }),
  });
}

export function useOrganization() {
  return useQuery(getOrganizationQueryOptions());
}
