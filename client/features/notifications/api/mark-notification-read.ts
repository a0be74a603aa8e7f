import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { NOTIFICATIONS_PATH, notificationsQueryKey } from '@/features/notifications/api/get-notifications';

/** 204; 404 for a notification that is not the user's. */
export function markNotificationRead(id: string): Promise<void> {
  return apiRequest<void>('PATCH', `${NOTIFICATIONS_PATH}/${encodeURIComponent(id)}/read`);
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
