import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountDeletionTerms } from '@contract/privacy';
import { getJson } from '@/lib/api-client';

export const DELETION_TERMS_PATH = '/api/account/deletion';

/** What deleting the account would do on this server: its grace in days (ACCOUNT_DELETION_GRACE_DAYS). */
export function getDeletionTerms({ signal }: { signal?: AbortSignal } = {}): Promise<AccountDeletionTerms> {
  return getJson<AccountDeletionTerms>(DELETION_TERMS_PATH, { on401: 'throw', signal });
}

/** A server setting: read once per page load. */
export function getDeletionTermsQueryOptions() {
  return queryOptions({
    queryKey: [DELETION_TERMS_PATH] as const,
    queryFn: getDeletionTerms,
    staleTime: Infinity,
  });
}

export function useDeletionTerms() {
  return useQuery(getDeletionTermsQueryOptions());
}
