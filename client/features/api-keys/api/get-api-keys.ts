import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiKey } from '@contract/api-keys';
import { getJson } from '@/lib/api-client';

export const API_KEYS_PATH = '/api/api-keys';

export const apiKeysQueryKey = [API_KEYS_PATH] as const;

/** The user's keys, newest first: prefixes only, never a full key. */
export function getApiKeys({ signal }: { signal?: AbortSignal } = {}): Promise<ApiKey[]> {
  return getJson<ApiKey[]>(API_KEYS_PATH, { on401: 'throw', signal });
}

export function getApiKeysQueryOptions() {
  return queryOptions({ queryKey: apiKeysQueryKey, queryFn: getApiKeys });
}

export function useApiKeys() {
  return useQuery(getApiKeysQueryOptions());
}
