import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AutomationSigningSecretStatus } from '@contract/automation';
import { getJson } from '@/lib/api-client';

export const SIGNING_SECRET_PATH = '/api/automation/signing-secret';

export const signingSecretQueryKey = [SIGNING_SECRET_PATH] as const;

/** Whether the user's rule webhooks have a signing secret, and since when (never the secret). */
export function getSigningSecret({
  signal,
}: { signal?: AbortSignal } = {}): Promise<AutomationSigningSecretStatus> {
  return getJson<AutomationSigningSecretStatus>(SIGNING_SECRET_PATH, { on401: 'throw', signal });
}

export function getSigningSecretQueryOptions() {
  return queryOptions({
    queryKey: signingSecretQueryKey,
    queryFn: ({ signal }) => getSigningSecret({ signal }),
  });
}

export function useSigningSecret() {
  return useQuery(getSigningSecretQueryOptions());
}
