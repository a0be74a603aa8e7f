import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IntegrationDelivery } from '@contract/integrations';
import { getJson } from '@/lib/api-client';
import { INTEGRATIONS_PATH } from '@/features/integrations/api/get-integrations';

export function integrationDeliveriesQueryKey(id: string) {
  return [INTEGRATIONS_PATH, id, 'deliveries'] as const;
}

/** One integration's delivery log, newest first. */
export function getIntegrationDeliveries(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<IntegrationDelivery[]> {
  return getJson<IntegrationDelivery[]>(`${INTEGRATIONS_PATH}/${encodeURIComponent(id)}/deliveries`, {
    on401: 'throw',
    signal,
  });
}

export function getIntegrationDeliveriesQueryOptions(id: string) {
  return queryOptions({
    queryKey: integrationDeliveriesQueryKey(id),
    queryFn: ({ signal }) => getIntegrationDeliveries(id, { signal }),
    // A delivery still being tried changes on its own: look again until every one has settled.
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.status === 'pending') ? 2_000 : false,
  });
}

export function useIntegrationDeliveries(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getIntegrationDeliveriesQueryOptions(id), enabled });
}
