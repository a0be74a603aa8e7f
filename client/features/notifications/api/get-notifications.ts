import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { EVENTS_FALLBACK_POLL_MS } from '@contract/event-names';
import type { Notification } from '@contract/notifications';
import { getJson } from '@/lib/api-client';
import { useLiveEvents, whileStreamDown } from '@/lib/live-events';

export const NOTIFICATIONS_PATH = '/api/notifications';

/** The one key of the signed-in user's notifications; marking them read invalidates it. */
export const notificationsQueryKey = [NOTIFICATIONS_PATH] as const;

/** Newest first. */
export function getNotifications({ signal }: { signal?: AbortSignal } = {}): Promise<Notification[]> {
  return getJson<Notification[]>(NOTIFICATIONS_PATH, { on401: 'throw', signal });
}

/** Fed by the live event stream; read again every 30 s only while the stream is down (design 12.6). */
export function getNotificationsQueryOptions() {
  return queryOptions({
    queryKey: notificationsQueryKey,
    queryFn: getNotifications,
    refetchInterval: whileStreamDown(EVENTS_FALLBACK_POLL_MS),
  });
}

export function useNotifications() {
  const queryClient = useQueryClient();
  useLiveEvents({
    // The new notification is the record itself: it goes on top of the list without a read.
    notification: (notification) =>
      queryClient.setQueryData<Notification[]>(notificationsQueryKey, (list) =>
        list === undefined || list.some((n) => n.id === notification.id) ? list : [notification, ...list],
      ),
    reset: () => void queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
  return useQuery(getNotificationsQueryOptions());
}
