import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATION_POLL_MS, type Notification } from '@contract/notifications';
import { getJson } from '@/lib/api-client';

export const NOTIFICATIONS_PATH = '/api/notifications';

/** The one key of the signed-in user's notifications; marking them read invalidates it. */
export const notificationsQueryKey = [NOTIFICATIONS_PATH] as const;

/** Newest first. */
export function getNotifications({ signal }: { signal?: AbortSignal } = {}): Promise<Notification[]> {
  return getJson<Notification[]>(NOTIFICATIONS_PATH, { on401: 'throw', signal });
}

/** The one polled query of the app: read again every 30 s while the page is visible. */
export function getNotificationsQueryOptions() {
  return queryOptions({
    queryKey: notificationsQueryKey,
    queryFn: getNotifications,
    refetchInterval: NOTIFICATION_POLL_MS,
  });
}

export function useNotifications() {
  return useQuery(getNotificationsQueryOptions());
}
