import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VendorApplication, VendorApplicationRequest } from '@contract/vendors';
import { apiRequest } from '@/lib/api-client';
import {
  VENDOR_APPLICATIONS_PATH,
  vendorApplicationsQueryKey,
} from '@/features/vendors/api/get-vendor-applications';

/**
 * 201 with the application (PENDING). 400 with issues for a field that breaks the rules of
 * contract/vendors.ts, 401 when signed out, 409 while the user already has a pending or approved application.
 */
export function createVendorApplication(data: VendorApplicationRequest): Promise<VendorApplication> {
  return apiRequest<VendorApplication>('POST', VENDOR_APPLICATIONS_PATH, data);
}

export function useCreateVendorApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVendorApplication,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorApplicationsQueryKey }),
  });
}
