import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkObservablesRequest, Observable } from '@contract/observables';
import { observablesQueryOptions } from '@/features/observables/api/get-observables';
import { apiRequest } from '@/lib/api-client';

/** Adds the confirmed observables all at once: all of them, or none (the answer names each refusal by index). */
export function useAddObservablesInBulk(base: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkObservablesRequest) =>
      apiRequest<Observable[]>('POST', `${base}/observables/bulk`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: observablesQueryOptions(base).queryKey }),
  });
}
