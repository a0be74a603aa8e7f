import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SsoSettings, SsoSettingsRequest } from '@contract/sso';
import { apiRequest } from '@/lib/api-client';
import { getSsoSettingsQueryOptions, SSO_SETTINGS_PATH } from '@/features/organization/api/get-sso-settings';

/** 200 once the issuer's discovery document was read; 400 with the reason when it could not be. */
export function saveSsoSettings(body: SsoSettingsRequest) {
  return apiRequest<SsoSettings>('PUT', SSO_SETTINGS_PATH, body);
}

export function useSaveSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSsoSettings,
    onSuccess: (saved) => queryClient.setQueryData(getSsoSettingsQueryOptions().queryKey, saved),
  });
}
