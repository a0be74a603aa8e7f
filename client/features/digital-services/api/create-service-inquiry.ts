import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceInquiry, ServiceInquiryRequest } from '@contract/digital-services';
import { apiRequest } from '@/lib/api-client';
import {
  SERVICE_INQUIRIES_PATH,
  serviceInquiriesQueryKey,
} from '@/features/digital-services/api/get-service-inquiries';

/**
 * 201 with the inquiry. 400 with issues for a field that breaks the rules of contract/digital-services.ts (or
 * an unknown service), 401 when signed out, 403 `TIER_REQUIRED` for a service above the user's tier.
 */
export function createServiceInquiry(data: ServiceInquiryRequest): Promise<ServiceInquiry> {
  return apiRequest<ServiceInquiry>('POST', SERVICE_INQUIRIES_PATH, data);
}

export function useCreateServiceInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createServiceInquiry,
    // A new inquiry refreshes the list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceInquiriesQueryKey }),
  });
}
