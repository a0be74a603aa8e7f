import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { userQueryKey } from '@/lib/auth';

/**
 * Confirms an address with a verification link's token, or makes the new address of an e-mail change the
 * account's: 200 `{}`; 400 `TOKEN_INVALID` for an unknown, used or expired link; 409 when another account took
 * the new address meanwhile.
 */
export function verifyEmail(data: { token: string }): Promise<Record<string, never>> {
  return apiRequest<Record<string, never>>('POST', '/api/auth/verify-email', data);
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    // The signed-in user (if any) is now verified, or has a new address: read them again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryKey }),
  });
}
