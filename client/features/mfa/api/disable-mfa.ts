import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@contract/auth';
import { apiRequest } from '@/lib/api-client';
import { userQueryKey } from '@/lib/auth';

/**
 * Turns 2FA off with a code from the app or a backup code: 200 with the user; 400 'Invalid verification code';
 * 429 after too many wrong codes. The user's other sessions are signed out.
 */
export function disableMfa(data: { code: string }): Promise<User> {
  return apiRequest<User>('POST', '/api/auth/mfa/disable', data);
}

export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableMfa,
    // The answer is the refreshed user.
    onSuccess: (user) => queryClient.setQueryData<User | null>(userQueryKey, user),
  });
}
