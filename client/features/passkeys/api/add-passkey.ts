import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import type { Passkey } from '@contract/passkeys';
import { apiRequest } from '@/lib/api-client';
import { passkeysQueryKey, PASSKEYS_PATH } from '@/features/passkeys/api/get-passkeys';

/**
 * Adds a passkey: creation options from the server (which may first ask the person to confirm it is them), the
 * browser's ceremony, then the result to the server, which verifies and stores it.
 */
export async function addPasskey({ name }: { name?: string }): Promise<Passkey> {
  const optionsJSON = await apiRequest<PublicKeyCredentialCreationOptionsJSON>(
    'POST',
    `${PASSKEYS_PATH}/registration/options`,
  );
  const response = await startRegistration({ optionsJSON });
  return apiRequest<Passkey>('POST', PASSKEYS_PATH, name ? { response, name } : { response });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
