import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { userQueryKey } from '@/lib/auth';

/**
 * Mails a new verification link to the signed-in user's address (earlier links stop working): 202 `{}`; 409 when
 * the address is verified already; 429 when asked too often.
 */
export function resendVerification(): Promise<Record<string, never>> {
  return apiRequest<Record<string, never>>('POST', '/api/auth/verify-email/resend');
}

export function useResendVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendVerification,
    onError: (error) => {
      // Verified meanwhile (the link was opened in another tab): read the user again.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: userQueryKey });
      }
    },
  });
}
