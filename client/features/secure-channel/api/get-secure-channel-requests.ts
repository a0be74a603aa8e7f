import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SecureChannelRequestRecord } from '@contract/secure-channel';
import { getJson } from '@/lib/api-client';

export const SECURE_CHANNEL_REQUESTS_PATH = '/api/secure-channel/requests';

/** Every list of requests sits under this key; a review invalidates it. */
export const secureChannelRequestsQueryKey = [SECURE_CHANNEL_REQUESTS_PATH] as const;

/** Directors: the requests still waiting for a decision, newest first. */
export function getPendingSecureChannelRequests({ signal }: { signal?: AbortSignal } = {}): Promise<
  SecureChannelRequestRecord[]
> {
  return getJson<SecureChannelRequestRecord[]>(`${SECURE_CHANNEL_REQUESTS_PATH}?status=pending`, {
    on401: 'throw',
    signal,
  });
}

/** Only Directors may read the queue: pass `enabled: false` for anyone else. */
export function usePendingSecureChannelRequests({ enabled }: { enabled: boolean }) {
  return useQuery({
    ...queryOptions({
      queryKey: [...secureChannelRequestsQueryKey, 'pending'] as const,
      queryFn: getPendingSecureChannelRequests,
    }),
    enabled,
  });
}
