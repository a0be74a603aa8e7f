import type { Report, ReportVersion } from '@contract/reports';
import { apiRequest, throwIfNotOk } from '@/lib/api-client';

/** The filename of a `Content-Disposition` answer (its UTF-8 `filename*` when given). */
function filenameOf(disposition: string | null, fallback: string): string {
  const extended = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (extended) return decodeURIComponent(extended);
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
}

export interface ReportFile {
  blob: Blob;
  filename: string;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks for the report of a case or an investigation request (`POST {base}/report`, 202) and follows
 * `GET {base}/report` until the PDF is there (202 while the job renders it), for at most `timeoutMs`. `base` is
 * the subject's API path: `/api/cases/{id}` or `/api/investigations/{id}`.
 */
export async function produceReport(
  base: string,
  version: ReportVersion,
  { timeoutMs = 60_000, intervalMs = 750 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<ReportFile> {
  const asked = await apiRequest<Report>('POST', `${base}/report`, { version });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${base}/report?version=${version}`, { credentials: 'include' });
    if (response.status === 200) {
      return {
        blob: await response.blob(),
        filename: filenameOf(
          response.headers.get('content-disposition'),
          `${asked.subjectNumber}-report.pdf`,
        ),
      };
    }
    if (response.status !== 202) await throwIfNotOk(response);
    if (Date.now() > deadline)
      throw new Error('The report is taking longer than expected; try again shortly.');
    await wait(intervalMs);
  }
}
