import type { ReportFile } from '@/features/reports/api/produce-report';

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
