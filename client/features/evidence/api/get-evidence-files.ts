import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EvidenceFile } from '@contract/evidence';
import { getJson } from '@/lib/api-client';

/**
 * The evidence files of a case or an investigation request (design 11.6). `base` is the subject's API path
 * (`/api/cases/{id}` or `/api/investigations/{id}`): the same calls serve both.
 */
export function filesQueryOptions(base: string) {
  return queryOptions({
    queryKey: [`${base}/files`],
    queryFn: ({ signal }) => getJson<EvidenceFile[]>(`${base}/files`, { on401: 'throw', signal }),
  });
}

export function useEvidenceFiles(base: string) {
  return useQuery(filesQueryOptions(base));
}
