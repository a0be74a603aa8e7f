import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Integration } from '@contract/integrations';
import { getJson } from '@/lib/api-client';

export const INTEGRATIONS_PATH = '/api/integrations';

export const integrationsQueryKey = [INTEGRATIONS_PATH] as const;

/** The user's integrations, newest first, with their secrets masked by the server. */
export function getIntegrations({ signal }: { signal?: AbortSignal } = {}): Promise<Integration[]> {
  return getJson<Integration[]>(INTEGRATIONS_PATH, { on401: 'throw', signal });
}

export function getIntegrationsQueryOptions() {
  return queryOptions({
    queryKey: integrationsQueryKey,
    queryFn: ({ signal }) => getIntegrations({ signal }),
  });
}

export function useIntegrations() {
  return useQuery(getIntegrationsQueryOptions());
}
