import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@contract/auth';
import { apiRequest } from '@/lib/api-client';
import { mfaSetupQueryKey } from '@/features/mfa/api/get-mfa-setup';
import { userQueryKey } from '@/lib/auth';

/**
 * The first code from the app turns 2FA on: 200 with the user; 400 'Invalid verification code'; 429 after too
 * many wrong codes. The user's other sessions are signed out.
 */
export function enableMfa(data: { code: string }): Promise<User> {
  return apiRequest<User>('POST', '/api/auth/mfa/enable', data);
}

export function useEnableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableMfa,
    onSuccess: (user) => {
      // The answer is the refreshed user; the pending secret is spent and must not linger in memory.
      queryClient.setQueryData<User | null>(userQueryKey, user);
      queryClient.removeQueries({ queryKey: mfaSetupQueryKey });
    },
  });
}
