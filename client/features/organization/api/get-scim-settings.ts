import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScimSettings } from '@contract/sso';
import { getJson } from '@/lib/api-client';
import { ORGANIZATION_PATH, organizationQueryKey } from '@/features/organization/api/get-organization';

export const SCIM_SETTINGS_PATH = `${ORGANIZATION_PATH}/scim`;

/** The SCIM base URL and when the token was made (owners). */
export function getScimSettings({ signal }: { signal?: AbortSignal } = {}): Promise<ScimSettings> {
  return getJson<ScimSettings>(SCIM_SETTINGS_PATH, { on401: 'throw', signal });
}

export function getScimSettingsQueryOptions() {
  return queryOptions({
    queryKey: [...organizationQueryKey, 'scim'] as const,
    queryFn: ({ signal }) => getScimSettings({ signal }),
  });
}

export function useScimSettings({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getScimSettingsQueryOptions(), enabled });
}
