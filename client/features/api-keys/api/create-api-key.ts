import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateApiKeyRequest, CreatedApiKey } from '@contract/api-keys';
import { apiRequest } from '@/lib/api-client';
import { API_KEYS_PATH, apiKeysQueryKey } from '@/features/api-keys/api/get-api-keys';

/** 201 with the key record and the full key (`key`, and `keyHash` for clients that read it): shown once. */
export function createApiKey(data: CreateApiKeyRequest): Promise<CreatedApiKey> {
  return apiRequest<CreatedApiKey>('POST', API_KEYS_PATH, data);
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
