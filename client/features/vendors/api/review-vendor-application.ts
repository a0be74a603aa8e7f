import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewVendorApplicationRequest, VendorApplication } from '@contract/vendors';
import { apiRequest } from '@/lib/api-client';
import {
  VENDOR_APPLICATIONS_PATH,
  vendorApplicationsQueryKey,
} from '@/features/vendors/api/get-vendor-applications';

/** Directors: 200 with the decided application; 409 when it is no longer pending. */
export function reviewVendorApplication({
  id,
  ...data
}: ReviewVendorApplicationRequest & { id: string }): Promise<VendorApplication> {
  return apiRequest<VendorApplication>(
    'PATCH',
    `${VENDOR_APPLICATIONS_PATH}/${encodeURIComponent(id)}`,
    data,
  );
}

export function useReviewVendorApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewVendorApplication,
    // Settled, not success: a 409 means someone else decided it, and the queue should show that too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: vendorApplicationsQueryKey }),
  });
}
