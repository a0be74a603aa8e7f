import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SsoSettings } from '@contract/sso';
import { ApiError, getJson } from '@/lib/api-client';
import { ORGANIZATION_PATH, organizationQueryKey } from '@/features/organization/api/get-organization';

export const SSO_SETTINGS_PATH = `${ORGANIZATION_PATH}/sso`;

/** The organisation's single sign-on settings (owners); null when none are set (the API's 404). */
export async function getSsoSettings({ signal }: { signal?: AbortSignal } = {}): Promise<SsoSettings | null> {
  try {
    return await getJson<SsoSettings>(SSO_SETTINGS_PATH, { on401: 'throw', signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function getSsoSettingsQueryOptions() {
  return queryOptions({
    queryKey: [...organizationQueryKey, 'sso'] as const,
    queryFn: ({ signal }) => getSsoSettings({ signal }),
  });
}

export function useSsoSettings({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getSsoSettingsQueryOptions(), enabled });
}
