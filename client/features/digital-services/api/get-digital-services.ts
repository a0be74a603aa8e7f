import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DigitalService } from '@contract/digital-services';
import { getJson } from '@/lib/api-client';

export const DIGITAL_SERVICES_PATH = '/api/digital-services';

export const digitalServicesQueryKey = [DIGITAL_SERVICES_PATH] as const;

/** The suite, sorted by minimum tier (public: locked services are listed too, and shown as classified). */
export function getDigitalServices({ signal }: { signal?: AbortSignal } = {}): Promise<DigitalService[]> {
  return getJson<DigitalService[]>(DIGITAL_SERVICES_PATH, { on401: 'throw', signal });
}

export function getDigitalServicesQueryOptions() {
  return queryOptions({ queryKey: digitalServicesQueryKey, queryFn: getDigitalServices });
}

export function useDigitalServices() {
  return useQuery(getDigitalServicesQueryOptions());
}
