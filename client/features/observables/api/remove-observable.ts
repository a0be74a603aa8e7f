import { useMutation, useQueryClient } from '@tanstack/react-query';
import { observablesQueryOptions } from '@/features/observables/api/get-observables';
import { apiRequest } from '@/lib/api-client';

export function useRemoveObservable(base: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (observableId: string) =>
      apiRequest<null>('DELETE', `${base}/observables/${encodeURIComponent(observableId)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: observablesQueryOptions(base).queryKey }),
  });
}
