import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvestigationCatalogEntry } from '@contract/investigations';
import { getJson } from '@/lib/api-client';

export const INVESTIGATION_CATALOG_PATH = '/api/investigations/catalog';

export const investigationCatalogQueryKey = [INVESTIGATION_CATALOG_PATH] as const;

/** The seven investigation services in catalogue order (public). */
export function getInvestigationCatalog({ signal }: { signal?: AbortSignal } = {}): Promise<
  InvestigationCatalogEntry[]
> {
  return getJson<InvestigationCatalogEntry[]>(INVESTIGATION_CATALOG_PATH, { on401: 'throw', signal });
}

export function getInvestigationCatalogQueryOptions() {
  return queryOptions({ queryKey: investigationCatalogQueryKey, queryFn: getInvestigationCatalog });
}

export function useInvestigationCatalog() {
  return useQuery(getInvestigationCatalogQueryOptions());
}
