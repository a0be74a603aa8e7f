import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { passkeysQueryKey, PASSKEYS_PATH } from '@/features/passkeys/api/get-passkeys';

/** 204; the account is mailed. Needs a recent proof, which the API client asks for. */
export function removePasskey(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `${PASSKEYS_PATH}/${encodeURIComponent(id)}`);
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
