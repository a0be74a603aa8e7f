import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { getSsoSettingsQueryOptions, SSO_SETTINGS_PATH } from '@/features/organization/api/get-sso-settings';

export function removeSsoSettings() {
  return apiRequest<null>('DELETE', SSO_SETTINGS_PATH);
}

export function useRemoveSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSsoSettings,
    onSuccess: () => queryClient.setQueryData(getSsoSettingsQueryOptions().queryKey, null),
  });
}
