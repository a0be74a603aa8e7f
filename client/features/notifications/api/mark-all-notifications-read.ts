import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { NOTIFICATIONS_PATH, notificationsQueryKey } from '@/features/notifications/api/get-notifications';

/** How many notifications were unread and are now read. */
export function markAllNotificationsRead(): Promise<{ updated: number }> {
  return apiRequest<{ updated: number }>('PATCH', `${NOTIFICATIONS_PATH}/read-all`);
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
