/** Hands a file to the browser as a download (a report's PDF, a STIX bundle). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Not at once: a browser may still be reading the URL when the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
