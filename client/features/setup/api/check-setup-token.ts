import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * Whether the setup link's token is the one the server printed at its last start: 200 `{}`; 400 `TOKEN_INVALID`
 * for another; 404 once a Director exists; 429 after too many wrong tokens from this address.
 */
export function checkSetupToken(token: string): Promise<Record<string, never>> {
  return apiRequest<Record<string, never>>('POST', '/api/setup/check', { token });
}

export function useSetupTokenCheck(token: string | null) {
  return useQuery({
    queryKey: ['/api/setup/check', token],
    queryFn: () => checkSetupToken(token!),
    enabled: token !== null,
    // One answer per visit: the link is spent by creating the Director, not by reading it again.
    staleTime: Infinity,
  });
}
