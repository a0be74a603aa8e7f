import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Investigation, InvestigationRequestInput } from '@contract/investigations';
import { apiRequest } from '@/lib/api-client';
import {
  INVESTIGATIONS_PATH,
  investigationsQueryKey,
} from '@/features/investigations/api/get-investigations';

/**
 * 201 with the request, PENDING and priced by the server. 400 with issues for a field that breaks the rules
 * of contract/investigations.ts, 401 when signed out, 403 `TIER_REQUIRED` above the user's tier.
 */
export function createInvestigation(data: InvestigationRequestInput): Promise<Investigation> {
  return apiRequest<Investigation>('POST', INVESTIGATIONS_PATH, data);
}

export function useCreateInvestigation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvestigation,
    // The dialog closes on success and 'My Investigation Requests' shows the new one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: investigationsQueryKey }),
  });
}
