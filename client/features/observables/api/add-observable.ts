import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Observable, ObservableRequest } from '@contract/observables';
import { observablesQueryOptions } from '@/features/observables/api/get-observables';
import { apiRequest } from '@/lib/api-client';

export function useAddObservable(base: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ObservableRequest) => apiRequest<Observable>('POST', `${base}/observables`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: observablesQueryOptions(base).queryKey }),
  });
}
