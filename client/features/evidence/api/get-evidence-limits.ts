import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EvidenceLimits } from '@contract/evidence';
import { getJson } from '@/lib/api-client';

/** What this server accepts (UPLOAD_MAX_BYTES, EVIDENCE_MAX_FILES): a setting, read once per page load. */
export function evidenceLimitsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/evidence/limits'],
    queryFn: ({ signal }) => getJson<EvidenceLimits>('/api/evidence/limits', { on401: 'throw', signal }),
    staleTime: Infinity,
  });
}

export function useEvidenceLimits() {
  return useQuery(evidenceLimitsQueryOptions());
}
