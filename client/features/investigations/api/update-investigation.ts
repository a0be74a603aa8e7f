import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Investigation, InvestigationUpdate } from '@contract/investigations';
import { apiRequest } from '@/lib/api-client';
import {
  INVESTIGATIONS_PATH,
  investigationsQueryKey,
} from '@/features/investigations/api/get-investigations';

/**
 * Directors only: 200 with the request. 400 for an agent who is not a Director, 403 below tier 4, 404 for an
 * unknown request, 409 for a status that does not move forward.
 */
export function updateInvestigation({
  id,
  ...changes
}: InvestigationUpdate & { id: string }): Promise<Investigation> {
  return apiRequest<Investigation>('PATCH', `${INVESTIGATIONS_PATH}/${encodeURIComponent(id)}`, changes);
}

export function useUpdateInvestigation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInvestigation,
    // The prefix refreshes both the Director's own requests and everyone's.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: investigationsQueryKey }),
  });
}
