import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SsoLookup } from '@contract/sso';
import { getJson } from '@/lib/api-client';

const ADDRESS = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** Whether the address's domain signs in through single sign-on (the answer says nothing else). */
export function lookupSso(email: string, { signal }: { signal?: AbortSignal } = {}): Promise<SsoLookup> {
  return getJson<SsoLookup>(`/api/auth/sso/lookup?email=${encodeURIComponent(email)}`, {
    on401: 'throw',
    signal,
  });
}

export function lookupSsoQueryOptions(email: string) {
  const domain = email.split('@')[1]?.toLowerCase() ?? '';
  return queryOptions({
    // One answer per domain: typing the rest of the name asks nothing more.
    queryKey: ['sso-lookup', domain] as const,
    queryFn: ({ signal }) => lookupSso(email, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Asked once the typed text looks like an address. */
export function useSsoLookup(email: string) {
  const address = email.trim();
  return useQuery({ ...lookupSsoQueryOptions(address), enabled: ADDRESS.test(address) });
}
