import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@contract/auth';
import { apiRequest } from '@/lib/api-client';

/**
 * 204; a wrong current password is a 400 with an issue at `currentPassword`; 429 after too many wrong ones.
 * The account's other sessions end, this one stays (the signed-in user does not change).
 */
export function changePassword(data: ChangePasswordRequest): Promise<void> {
  return apiRequest<void>('POST', '/api/auth/password', data);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
