import { useMutation } from '@tanstack/react-query';
import type { StixBundle } from '@contract/threats';
import { getJson } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { THREATS_PATH, threatFilterSearch, type ThreatFilters } from '@/features/threats/api/get-threats';

export const THREATS_EXPORT_PATH = `${THREATS_PATH}/export`;

/** The records the reader may see, with the list's filters, as a STIX 2.1 bundle. */
export function exportThreats(filters: ThreatFilters): Promise<StixBundle> {
  return getJson<StixBundle>(`${THREATS_EXPORT_PATH}${threatFilterSearch(filters)}`);
}

/** Hands the bundle to the browser as a file download. */
export function downloadBundle(bundle: StixBundle, now = new Date()): string {
  const fileName = `threat-intelligence-${now.toISOString().slice(0, 10)}.stix.json`;
  saveFile(
    new Blob([JSON.stringify(bundle, null, 2)], { type: 'application/stix+json;version=2.1' }),
    fileName,
  );
  return fileName;
}

export function useExportThreats() {
  return useMutation({
    mutationFn: async (filters: ThreatFilters) => downloadBundle(await exportThreats(filters)),
  });
}
