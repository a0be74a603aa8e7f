import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Device } from '@contract/devices';
import { getJson } from '@/lib/api-client';

export const DEVICES_PATH = '/api/mobile/devices';

export const devicesQueryKey = [DEVICES_PATH] as const;

/** The signed-in user's devices: one per session, the current one marked `current`. */
export function getDevices({ signal }: { signal?: AbortSignal } = {}): Promise<Device[]> {
  return getJson<Device[]>(DEVICES_PATH, { on401: 'throw', signal });
}

export function getDevicesQueryOptions() {
  return queryOptions({ queryKey: devicesQueryKey, queryFn: getDevices });
}

export function useDevices() {
  return useQuery(getDevicesQueryOptions());
}
