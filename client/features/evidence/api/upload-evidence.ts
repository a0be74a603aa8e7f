import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EvidenceFile } from '@contract/evidence';
import { filesQueryOptions } from '@/features/evidence/api/get-evidence-files';
import { throwIfNotOk } from '@/lib/api-client';

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

/** Upload refreshes the list; `onChanged` lets the screen refresh what else shows files (a timeline). */
export function useUploadEvidence(base: string, onChanged?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, isInternal }: { file: File; isInternal: boolean }) =>
      uploadEvidence(base, file, isInternal),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: filesQueryOptions(base).queryKey });
      onChanged?.();
    },
  });
}
