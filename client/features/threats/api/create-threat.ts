import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateThreatRequest, Threat } from '@contract/threats';
import { apiRequest } from '@/lib/api-client';
import { THREATS_PATH, threatsQueryKey } from '@/features/threats/api/get-threats';

/** 201 with the new record (Directors); 400 with the schema's messages, 403 below tier 4. */
export function createThreat(data: CreateThreatRequest): Promise<Threat> {
  return apiRequest<Threat>('POST', THREATS_PATH, data);
}

export function useCreateThreat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createThreat,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: threatsQueryKey }),
  });
}
