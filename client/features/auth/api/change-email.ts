import { useMutation } from '@tanstack/react-query';
import type { ChangeEmailRequest } from '@contract/auth';
import { apiRequest } from '@/lib/api-client';

/**
 * 202 `{}`: a confirmation link goes to the new address and the account keeps its address until it is opened
 * (on /verify-email). A wrong current password is a 400 at `currentPassword`; a taken address is a 409.
 */
export function changeEmail(data: ChangeEmailRequest): Promise<Record<string, never>> {
  return apiRequest<Record<string, never>>('POST', '/api/auth/email', data);
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
