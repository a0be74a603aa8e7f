import type { Report, ReportVersion } from '@contract/reports';
import { apiRequest, throwIfNotOk } from '@/lib/api-client';
import { isStreamUp, onLiveEvents } from '@/lib/live-events';

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

/** The report was not ready within the wait: its job may still finish it. */
export class ReportTimeout extends Error {
  constructor() {
    super('The report is taking longer than expected; try again shortly.');
    this.name = 'ReportTimeout';
  }
}

/** With the stream up, a look at the report anyway this often, should its word be lost. */
const STREAM_FALLBACK_MS = 5_000;

/**
 * Waits for the live stream's word that the report changed (`job.progress`, design 12.6), or for `intervalMs` while
 * the stream is down (or a reset says it may have missed some). Listening starts at once, before the caller looks
 * at the report, so a change between the look and the wait is not lost.
 */
function reportChange(reportId: string, intervalMs: number): { changed: Promise<void>; stop: () => void } {
  let stop = () => {};
  const changed = new Promise<void>((resolve) => {
    const timer = setTimeout(done, isStreamUp() ? STREAM_FALLBACK_MS : intervalMs);
    const unsubscribe = onLiveEvents({
      'job.progress': ({ kind, id }) => kind === 'report' && id === reportId && done(),
      reset: done,
    });
    function done() {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
    stop = done;
  });
  return { changed, stop };
}

/**
 * Asks for the report of a case or an investigation request (`POST {base}/report`, 202) and follows
 * `GET {base}/report` until the PDF is there (202 while the job renders it), for at most `timeoutMs`: it looks again
 * when the live stream says the report's job moved on, and every `intervalMs` only while the stream is down. `base`
 * is the subject's API path: `/api/cases/{id}` or `/api/investigations/{id}`.
 */
export async function produceReport(
  base: string,
  version: ReportVersion,
  { timeoutMs = 60_000, intervalMs = 750 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<ReportFile> {
  const asked = await apiRequest<Report>('POST', `${base}/report`, { version });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const next = reportChange(asked.id, intervalMs);
    try {
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
      if (Date.now() > deadline) throw new ReportTimeout();
      await next.changed;
    } finally {
      next.stop();
    }
  }
}
