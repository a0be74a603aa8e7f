import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@contract/notifications';
import { apiRequest } from '@/lib/api-client';
import {
  NOTIFICATION_PREFERENCES_PATH,
  notificationPreferencesQueryKey,
} from '@/features/notifications/api/get-notification-preferences';

/** Replaces the preferences: 200 with what was stored (`security_alert` stays true whatever is sent). */
export function updateNotificationPreferences(
  data: NotificationPreferences,
): Promise<NotificationPreferences> {
  return apiRequest<NotificationPreferences>('PUT', NOTIFICATION_PREFERENCES_PATH, data);
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    // The answer is the stored value.
    onSuccess: (stored) =>
      queryClient.setQueryData<NotificationPreferences>(notificationPreferencesQueryKey, stored),
  });
}
