import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Passkey } from '@contract/passkeys';
import { apiRequest } from '@/lib/api-client';
import { passkeysQueryKey, PASSKEYS_PATH } from '@/features/passkeys/api/get-passkeys';

export function renamePasskey({ id, name }: { id: string; name: string }): Promise<Passkey> {
  return apiRequest<Passkey>('PATCH', `${PASSKEYS_PATH}/${encodeURIComponent(id)}`, { name });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renamePasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
