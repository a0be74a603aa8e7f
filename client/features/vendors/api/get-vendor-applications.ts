import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VendorApplication } from '@contract/vendors';
import { getJson } from '@/lib/api-client';

export const VENDOR_APPLICATIONS_PATH = '/api/vendor/applications';

/** Every list of applications sits under this key; a new application or a review invalidates it. */
export const vendorApplicationsQueryKey = [VENDOR_APPLICATIONS_PATH] as const;

/** The signed-in user's own applications, newest first. */
export function getVendorApplications({ signal }: { signal?: AbortSignal } = {}): Promise<
  VendorApplication[]
> {
  return getJson<VendorApplication[]>(VENDOR_APPLICATIONS_PATH, { on401: 'throw', signal });
}

export function getVendorApplicationsQueryOptions() {
  return queryOptions({
    queryKey: [...vendorApplicationsQueryKey, 'own'] as const,
    queryFn: getVendorApplications,
  });
}

export function useVendorApplications() {
  return useQuery(getVendorApplicationsQueryOptions());
}

/** Directors: every applicant's PENDING applications, the review queue. */
export function getPendingVendorApplications({ signal }: { signal?: AbortSignal } = {}): Promise<
  VendorApplication[]
> {
  return getJson<VendorApplication[]>(`${VENDOR_APPLICATIONS_PATH}?scope=all&status=PENDING`, {
    on401: 'throw',
    signal,
  });
}

export function getPendingVendorApplicationsQueryOptions() {
  return queryOptions({
    queryKey: [...vendorApplicationsQueryKey, 'pending'] as const,
    queryFn: getPendingVendorApplications,
  });
}

/** Only Directors may read the queue: pass `enabled: false` for anyone else. */
export function usePendingVendorApplications({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getPendingVendorApplicationsQueryOptions(), enabled });
}
