import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationPreferences } from '@contract/notifications';
import { getJson } from '@/lib/api-client';

export const NOTIFICATION_PREFERENCES_PATH = '/api/notification-preferences';

export const notificationPreferencesQueryKey = [NOTIFICATION_PREFERENCES_PATH] as const;

/** Which notification types also go out by e-mail (`security_alert` is always true). */
export function getNotificationPreferences({
  signal,
}: { signal?: AbortSignal } = {}): Promise<NotificationPreferences> {
  return getJson<NotificationPreferences>(NOTIFICATION_PREFERENCES_PATH, { on401: 'throw', signal });
}

export function getNotificationPreferencesQueryOptions() {
  return queryOptions({ queryKey: notificationPreferencesQueryKey, queryFn: getNotificationPreferences });
}

export function useNotificationPreferences() {
  return useQuery(getNotificationPreferencesQueryOptions());
}
