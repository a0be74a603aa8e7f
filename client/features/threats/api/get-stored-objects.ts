import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoredStixObject } from '@contract/threats';
import { getJson } from '@/lib/api-client';
import { THREATS_PATH } from '@/features/threats/api/get-threats';

export const STORED_OBJECTS_PATH = `${THREATS_PATH}/objects`;

/** Under the threats key, so an import (which invalidates the threats) reads them again. */
export function storedObjectsQueryKey(type: string) {
  return [THREATS_PATH, 'objects', type] as const;
}

/** The stored STIX objects of one type the reader may read, most recently added first. */
export function getStoredObjects(
  type: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<StoredStixObject[]> {
  return getJson<StoredStixObject[]>(`${STORED_OBJECTS_PATH}?${new URLSearchParams({ type })}`, {
    on401: 'throw',
    signal,
  });
}

export function useStoredObjects(type: string | null) {
  return useQuery(
    queryOptions({
      queryKey: storedObjectsQueryKey(type ?? ''),
      queryFn: ({ signal }) => getStoredObjects(type!, { signal }),
      enabled: Boolean(type),
    }),
  );
}
