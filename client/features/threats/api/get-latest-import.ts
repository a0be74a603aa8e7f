import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StixImportSummary } from '@contract/threats';
import { getJson } from '@/lib/api-client';
import { THREATS_PATH } from '@/features/threats/api/get-threats';

export const LATEST_IMPORT_PATH = `${THREATS_PATH}/imports/latest`;
/** Under the threats key, so an import (which invalidates the threats) reads it again. */
export const latestImportQueryKey = [THREATS_PATH, 'imports', 'latest'] as const;

/** Directors: the last STIX import (the Import STIX dialog, a bulk import or a TAXII add), or null before any. */
export function getLatestImport({
  signal,
}: { signal?: AbortSignal } = {}): Promise<StixImportSummary | null> {
  return getJson<StixImportSummary | null>(LATEST_IMPORT_PATH, { on401: 'throw', signal });
}

export function useLatestImport(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: latestImportQueryKey,
      queryFn: ({ signal }) => getLatestImport({ signal }),
      enabled,
    }),
  );
}
