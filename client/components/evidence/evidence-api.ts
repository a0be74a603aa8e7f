import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EvidenceFile, EvidenceLimits } from '@contract/evidence';
import type { Report, ReportVersion } from '@contract/reports';
import { ApiError, apiRequest, getJson } from '@/lib/api-client';

/**
 * Evidence files and reports of a case or an investigation request (design 11.6). `base` is the subject's API
 * path (`/api/cases/{id}` or `/api/investigations/{id}`): the same calls serve both.
 */
export function filesQueryOptions(base: string) {
  return queryOptions({
    queryKey: [`${base}/files`],
    queryFn: ({ signal }) => getJson<EvidenceFile[]>(`${base}/files`, { on401: 'throw', signal }),
  });
}

export function useEvidenceFiles(base: string) {
  return useQuery(filesQueryOptions(base));
}

/** What this server accepts (UPLOAD_MAX_BYTES, EVIDENCE_MAX_FILES): a setting, read once per page load. */
export function evidenceLimitsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/evidence/limits'],
    queryFn: ({ signal }) => getJson<EvidenceLimits>('/api/evidence/limits', { on401: 'throw', signal }),
    staleTime: Infinity,
  });
}

export function useEvidenceLimits() {
  return useQuery(evidenceLimitsQueryOptions());
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
}

/** `POST {base}/files` as multipart/form-data (the browser sets the boundary). */
export async function uploadEvidence(base: string, file: File, isInternal: boolean): Promise<EvidenceFile> {
  const form = new FormData();
  if (isInternal) form.append('isInternal', 'true');
  form.append('file', file, file.name);
  const response = await fetch(`${base}/files`, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    body: form,
  });
  await throwIfNotOk(response);
  return (await response.json()) as EvidenceFile;
}

/** Upload and removal refresh the list; `onChanged` lets the screen refresh what else shows files (a timeline). */
export function useUploadEvidence(base: string, onChanged?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, isInternal }: { file: File; isInternal: boolean }) =>
      uploadEvidence(base, file, isInternal),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: [`${base}/files`] });
      onChanged?.();
    },
  });
}

export function useRemoveEvidence(base: string, onChanged?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => apiRequest<null>('DELETE', `${base}/files/${encodeURIComponent(fileId)}`),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: [`${base}/files`] });
      onChanged?.();
    },
  });
}

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
 * Asks for a report (`POST {base}/report`, 202) and follows `GET {base}/report` until the PDF is there (202 while
 * the job renders it), for at most `timeoutMs`.
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

/** Hands a file to the browser as a download. */
export function saveFile({ blob, filename }: ReportFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
