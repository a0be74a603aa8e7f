import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AutomationSigningSecret } from '@contract/automation';
import { apiRequest } from '@/lib/api-client';
import { SIGNING_SECRET_PATH, signingSecretQueryKey } from '@/features/automation/api/get-signing-secret';

/** 201 with a new secret, shown this once; the previous one stops signing at once. */
export function rotateSigningSecret(): Promise<AutomationSigningSecret> {
  return apiRequest<AutomationSigningSecret>('POST', SIGNING_SECRET_PATH, {});
}

export function useRotateSigningSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateSigningSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signingSecretQueryKey }),
  });
}
