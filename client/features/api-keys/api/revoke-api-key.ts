import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { API_KEYS_PATH, apiKeysQueryKey } from '@/features/api-keys/api/get-api-keys';

/** 204: the key stops working at once and stays listed as revoked; 404 for a key that is not the user's. */
export function revokeApiKey(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `${API_KEYS_PATH}/${encodeURIComponent(id)}`);
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
