import { useMutation } from '@tanstack/react-query';
import type { ExtractedObservable } from '@contract/observables';
import { apiRequest } from '@/lib/api-client';

/** What a pasted text names, for the person to confirm; nothing is stored. */
export function useExtractObservables(base: string) {
  return useMutation({
    mutationFn: (text: string) =>
      apiRequest<ExtractedObservable[]>('POST', `${base}/observables/extract`, { text }),
  });
}
