import { useMutation } from '@tanstack/react-query';
import type { PasswordResetRequest } from '@contract/auth';
import { apiRequest } from '@/lib/api-client';

/**
 * Mails a reset link when the address has an account: 202 `{}` for every valid address, known or not, so the
 * answer never tells whether an account exists; 429 when asked too often.
 */
export function requestPasswordReset(data: PasswordResetRequest): Promise<Record<string, never>> {
  return apiRequest<Record<string, never>>('POST', '/api/auth/password-reset', data);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
