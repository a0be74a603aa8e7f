import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordResetConfirm } from '@contract/auth';
import { apiRequest } from '@/lib/api-client';
import { USER_PATH, userQueryKey } from '@/lib/auth';

/**
 * Sets a new password with a reset link's token: 200 `{}`; 400 `TOKEN_INVALID` for an unknown, used or expired
 * link. Every session of the account ends, this browser's too if it was signed in to it.
 */
export function confirmPasswordReset(data: PasswordResetConfirm): Promise<Record<string, never>> {
  return apiRequest<Record<string, never>>('POST', '/api/auth/password-reset/confirm', data);
}

export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPasswordReset,
    onSuccess: () => {
      // What was read with a session that may have just ended is dropped, and the user is asked for again
      // (null when this browser was signed in to the account), before the page says it is done.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_PATH });
      return queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}
