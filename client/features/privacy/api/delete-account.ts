import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountRequest, DeleteAccountResponse } from '@contract/privacy';
import { apiRequest } from '@/lib/api-client';
import { USER_PATH, userQueryKey } from '@/lib/auth';

/**
 * Asks for the account's deletion: 202 `{scheduledFor}`. A wrong password is a 400 with an issue at `password`, a
 * wrong or missing code (2FA on) one at `code`; 429 after too many wrong tries; 409 when a deletion is already
 * pending. On success every session and API key of the account has ended, this browser's session too.
 */
export function deleteAccount(data: DeleteAccountRequest): Promise<DeleteAccountResponse> {
  return apiRequest<DeleteAccountResponse>('POST', '/api/account/delete', data);
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      // Signed out in the app as on the server: what was read as the user goes, and the user is nobody.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_PATH });
      queryClient.setQueryData(userQueryKey, null);
    },
  });
}
