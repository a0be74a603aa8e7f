import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceInquiry } from '@contract/digital-services';
import { getJson } from '@/lib/api-client';

export const SERVICE_INQUIRIES_PATH = '/api/service-inquiries';

/** The one key of the signed-in user's inquiries; a new inquiry invalidates it. */
export const serviceInquiriesQueryKey = [SERVICE_INQUIRIES_PATH] as const;

/** The signed-in user's own inquiries, newest first. */
export function getServiceInquiries({ signal }: { signal?: AbortSignal } = {}): Promise<ServiceInquiry[]> {
  return getJson<ServiceInquiry[]>(SERVICE_INQUIRIES_PATH, { on401: 'throw', signal });
}

export function getServiceInquiriesQueryOptions() {
  return queryOptions({ queryKey: serviceInquiriesQueryKey, queryFn: getServiceInquiries });
}

/** Only signed-in users have inquiries: pass `enabled: false` for anyone else. */
export function useServiceInquiries({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getServiceInquiriesQueryOptions(), enabled });
}
