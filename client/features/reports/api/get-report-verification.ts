import { queryOptions, useQuery } from '@tanstack/react-query';
import { sha256Schema, type ReportVerification } from '@contract/reports';
import { ApiError, getJson } from '@/lib/api-client';

export const REPORT_VERIFY_PATH = '/api/reports/verify';

/**
 * Whether this firm issued a report with this SHA-256: the record, or null when it did not (404). Something that is
 * no SHA-256 at all is no report of ours either, and is not asked about. Other failures throw.
 */
export async function getReportVerification(
  sha256: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ReportVerification | null> {
  if (!sha256Schema.safeParse(sha256).success) return null;
  try {
    return await getJson<ReportVerification>(`${REPORT_VERIFY_PATH}/${encodeURIComponent(sha256)}`, {
      on401: 'throw',
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function getReportVerificationQueryOptions(sha256: string) {
  return queryOptions({
    queryKey: [REPORT_VERIFY_PATH, sha256] as const,
    queryFn: ({ signal }) => getReportVerification(sha256, { signal }),
    // An issued report stays issued: the answer does not change while the page is open.
    staleTime: Infinity,
  });
}

export function useReportVerification(sha256: string) {
  return useQuery(getReportVerificationQueryOptions(sha256));
}
