import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@contract/auth';
import { apiRequest } from '@/lib/api-client';
import { userQueryKey } from '@/lib/auth';
import { forgetNewAccount } from '@/features/auth/utils/new-account';
import { passkeyAssertion } from '@/lib/webauthn';

/**
 * A passkey sign-in, no address typed: the browser's ceremony (a dialog, or the username field's autofill), then
 * `POST /api/auth/passkeys/authentication`, a complete sign-in (2FA included).
 */
export async function signInWithPasskey({ autofill = false }: { autofill?: boolean } = {}): Promise<User> {
  const response = await passkeyAssertion('sign-in', { autofill });
  return apiRequest<User>('POST', '/api/auth/passkeys/authentication', { response });
}

export function useSignInWithPasskey({ onSuccess }: { onSuccess?: (user: User) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: (user) => {
      forgetNewAccount();
      queryClient.setQueryData<User | null>(userQueryKey, user);
      onSuccess?.(user);
    },
  });
}
