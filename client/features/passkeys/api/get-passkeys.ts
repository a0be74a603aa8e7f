import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Passkey } from '@contract/passkeys';
import { getJson } from '@/lib/api-client';

export const PASSKEYS_PATH = '/api/auth/passkeys';

export const passkeysQueryKey = [PASSKEYS_PATH] as const;

/** The user's passkeys, newest first (never a key, only what the list shows). */
export function getPasskeys({ signal }: { signal?: AbortSignal } = {}): Promise<Passkey[]> {
  return getJson<Passkey[]>(PASSKEYS_PATH, { on401: 'throw', signal });
}

export function getPasskeysQueryOptions() {
  return queryOptions({ queryKey: passkeysQueryKey, queryFn: getPasskeys });
}

export function usePasskeys() {
  return useQuery(getPasskeysQueryOptions());
}
