import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MfaSetup } from '@contract/mfa';
import { getJson } from '@/lib/api-client';

export const MFA_SETUP_PATH = '/api/auth/mfa/setup';

export const mfaSetupQueryKey = [MFA_SETUP_PATH] as const;

/**
 * A new pending secret, its QR code and the backup codes; 409 once two-factor authentication is on. Every call
 * replaces the pending secret, so it is fetched once per setup (the query never goes stale) and forgotten once
 * 2FA is on.
 */
export function getMfaSetup({ signal }: { signal?: AbortSignal } = {}): Promise<MfaSetup> {
  return getJson<MfaSetup>(MFA_SETUP_PATH, { on401: 'throw', signal });
}

export function getMfaSetupQueryOptions() {
  return queryOptions({ queryKey: mfaSetupQueryKey, queryFn: getMfaSetup, staleTime: Infinity });
}

/** Starts the setup when `enabled` turns true (a click on 'Enable'), never on its own. */
export function useMfaSetup({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getMfaSetupQueryOptions(), enabled });
}
