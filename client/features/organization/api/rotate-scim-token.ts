import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScimToken } from '@contract/sso';
import { apiRequest } from '@/lib/api-client';
import { ORGANIZATION_PATH } from '@/features/organization/api/get-organization';
import { getScimSettingsQueryOptions } from '@/features/organization/api/get-scim-settings';

/** A new token, shown this once; the previous one stops working at once. */
export function rotateScimToken() {
  return apiRequest<ScimToken>('POST', `${ORGANIZATION_PATH}/scim-token`, {});
}

export function useRotateScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateScimToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getScimSettingsQueryOptions().queryKey }),
  });
}
