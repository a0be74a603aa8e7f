import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EnterpriseClient } from '@contract/enterprise';
import { getJson } from '@/lib/api-client';

export const ENTERPRISE_CLIENTS_PATH = '/api/enterprise/clients';

export const enterpriseClientsQueryKey = [ENTERPRISE_CLIENTS_PATH] as const;

/** Directors only (403 for anyone else): clients, newest first, each with the users of its domain. */
export function getEnterpriseClients({ signal }: { signal?: AbortSignal } = {}): Promise<EnterpriseClient[]> {
  return getJson<EnterpriseClient[]>(ENTERPRISE_CLIENTS_PATH, { on401: 'throw', signal });
}

export function getEnterpriseClientsQueryOptions() {
  return queryOptions({
    queryKey: enterpriseClientsQueryKey,
    queryFn: ({ signal }) => getEnterpriseClients({ signal }),
  });
}

/**
 * The list call is made only at tier 4 and above (below it the API answers 403), so the caller says whether
 * it may be.
 */
export function useEnterpriseClients({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getEnterpriseClientsQueryOptions(), enabled });
}
