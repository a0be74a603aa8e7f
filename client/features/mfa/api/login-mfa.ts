import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthenticationResponseJSON } from '@simplewebauthn/browser';
import type { User } from '@contract/auth';
import { apiRequest } from '@/lib/api-client';
import { userQueryKey } from '@/lib/auth';

/** Second step of a sign-in with two-factor authentication: a TOTP or backup code, or a passkey's assertion. */
export function loginMfa(data: { code: string } | { passkey: AuthenticationResponseJSON }): Promise<User> {
  return apiRequest<User>('POST', '/api/auth/login/mfa', data);
}

export function useLoginMfa({ onSuccess }: { onSuccess?: (user: User) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginMfa,
    onSuccess: (user) => {
      queryClient.setQueryData<User | null>(userQueryKey, user);
      onSuccess?.(user);
    },
  });
}
