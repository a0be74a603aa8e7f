import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Device } from '@contract/devices';
import { apiRequest } from '@/lib/api-client';
import { DEVICES_PATH, devicesQueryKey } from '@/features/devices/api/get-devices';

/**
 * Ends that device's session at once: 204; 404 for a device that is not the user's. Signing out the current
 * device signs this browser out.
 */
export function signOutDevice(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `${DEVICES_PATH}/${encodeURIComponent(id)}`);
}

export function useSignOutDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (device: Pick<Device, 'id' | 'current'>) => signOutDevice(device.id),
    onSuccess: (_, device) => {
      // After signing this browser out there is no list left to read (it would answer 401).
      if (!device.current) return queryClient.invalidateQueries({ queryKey: devicesQueryKey });
    },
  });
}
