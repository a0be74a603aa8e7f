import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReauthRequest } from '@contract/auth';
import { apiRequest } from '@/lib/api-client';
import { userQueryKey } from '@/lib/auth';

/**
 * `POST /api/auth/reauth`: a password, a code or a passkey; 200 `{ reauthenticatedUntil }`. A wrong one is a 400
 * (at `password` or `code`, or WEBAUTHN_FAILED), 429 after too many.
 */
export function reauthenticate(data: ReauthRequest): Promise<{ reauthenticatedUntil: string }> {
  return apiRequest('POST', '/api/auth/reauth', data);
}

export function useReauthenticate({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reauthenticate,
    onSuccess: () => {
      // The user's answer carries until when the proof holds.
      void queryClient.invalidateQueries({ queryKey: userQueryKey });
      onSuccess?.();
    },
  });
}
