import { useId, useRef, useState } from 'react';
import { Download, FileText, Lock, Paperclip, Trash2 } from 'lucide-react';
import { EVIDENCE_ACCEPT, formatBytes, type EvidenceFile } from '@contract/evidence';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/failure-toast';
import { useEvidenceFiles } from '@/features/evidence/api/get-evidence-files';
import { useEvidenceLimits } from '@/features/evidence/api/get-evidence-limits';
import { useRemoveEvidence } from '@/features/evidence/api/remove-evidence';
import { useUploadEvidence } from '@/features/evidence/api/upload-evidence';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatRelativeTime } from '@/lib/format';
import { cn } from '@/lib/utils';

interface EvidencePanelProps {
  /** The subject's API path: `/api/cases/{id}` or `/api/investigations/{id}`. */
  base: string;
  /** Directors attach internal files and see them. */
  director: boolean;
  /** After a file is attached or removed (the case's timeline says so). */
  onChanged?: () => void;
  /** A member reading a colleague's shared record (design 12.3): files to read, nothing to attach. */
  readOnly?: boolean;
}

type ListedFile = EvidenceFile & { downloadPath: string };

function FileRow({
  file,
  onRemove,
  removing,
}: {
  file: ListedFile;
  /** Absent for a reader who may not remove files (a member reading a colleague's shared case). */
  onRemove?: () => void;
  removing: boolean;
}) {
  const removed = file.deletedAt !== null;
  return (
    <li
      data-testid="evidence-file"
      className={cn(
        'grid gap-1 rounded-md border px-3 py-2',
        file.isInternal ? 'border-warning/40 bg-warning/5' : 'bg-muted/30',
        removed && 'opacity-70',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        {removed ? (
          <span className="min-w-0 text-sm font-medium break-all line-through">{file.name}</span>
        ) : (
          <a
            className="min-w-0 text-sm font-medium break-all text-primary underline-offset-4 hover:underline"
            href={file.downloadPath}
            download={file.name}
          >
            {file.name}
          </a>
        )}
        {file.isInternal && (
          <Badge variant="warning">
            <Lock aria-hidden="true" />
            Internal
          </Badge>
        )}
        {removed && <Badge variant="outline">Removed</Badge>}
        <span className="ml-auto flex items-center gap-1">
          {!removed && (
            <Button asChild variant="ghost" size="sm" aria-label={`Download ${file.name}`}>
              <a href={file.downloadPath} download={file.name}>
                <Download aria-hidden="true" />
              </a>
            </Button>
          )}
          {!removed && onRemove && (
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove ${file.name}`}
              disabled={removing}
              onClick={onRemove}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          )}
        </span>
      </div>
      <p className="text-xs text-muted-foreground">
        {formatBytes(file.size)} · {file.contentType} · {file.uploadedBy ?? 'Unknown'} ·{' '}
        <time dateTime={file.createdAt} title={formatDate(file.createdAt)}>
          {formatRelativeTime(file.createdAt)}
        </time>
        {removed && file.deletedAt && <> · removed {formatRelativeTime(file.deletedAt)}</>}
      </p>
      <p className="font-mono text-[0.7rem] break-all text-muted-foreground" title="SHA-256 of the file">
        SHA-256 {file.sha256}
      </p>
    </li>
  );
}

/**
 * The files of a case or an investigation request: the list (removed ones marked, each with its SHA-256), a
 * download link per file and an upload form. The server decides what may be attached (by content) and who sees
 * what; its messages (too large, refused type, full) are shown as they come.
 */
export function EvidencePanel({ base, director, onChanged, readOnly = false }: EvidencePanelProps) {
  const id = useId();
  const files = useEvidenceFiles(base);
  const limits = useEvidenceLimits();
  const upload = useUploadEvidence(base, onChanged);
  const remove = useRemoveEvidence(base, onChanged);
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [internal, setInternal] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (!chosen) {
      setError('Choose a file to upload');
      return;
    }
    setError(null);
    try {
      await upload.mutateAsync({ file: chosen, isInternal: internal });
    } catch (failure) {
      setError(errorMessage(failure, 'The file could not be uploaded. Please try again.'));
      return;
    }
    setChosen(null);
    setInternal(false);
    if (input.current) input.current.value = '';
    toast({ title: 'File attached' });
  };

  const removeFile = async (file: EvidenceFile) => {
    try {
      await remove.mutateAsync(file.id);
      toast({ title: 'File removed', description: `${file.name} stays listed as removed.` });
    } catch (failure) {
      toastFailure(failure, 'Please try again.', { title: 'The file could not be removed' });
    }
  };

  const list = (files.data ?? []).map((file) => ({ ...file, downloadPath: `${base}/files/${file.id}` }));
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3">
      <h3 id={`${id}-heading`} className="flex items-center gap-2 font-semibold">
        <Paperclip aria-hidden="true" className="size-4" />
        Files
      </h3>
      {files.isPending ? (
        <p className="text-sm text-muted-foreground">Loading files...</p>
      ) : files.isError ? (
        <p className="text-sm text-destructive">The files could not be loaded.</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">No files attached yet.</p>
      ) : (
        <ul aria-label="Files" className="grid gap-2">
          {list.map((file) => (
            <FileRow
              key={file.id}
              file={file}
              removing={remove.isPending}
              onRemove={readOnly ? undefined : () => void removeFile(file)}
            />
          ))}
        </ul>
      )}
      {!readOnly && (
        <form
          className="grid gap-2 rounded-md border border-dashed p-3"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <label htmlFor={`${id}-file`} className="text-sm font-medium">
            Attach a file
          </label>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept={EVIDENCE_ACCEPT}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            aria-invalid={error ? true : undefined}
            className="block w-full min-w-0 text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-transparent file:px-3 file:py-1.5 file:text-sm"
            onChange={(event) => {
              setChosen(event.target.files?.[0] ?? null);
              setError(null);
            }}
          />
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            PDF, images, audio, video, Office documents, ZIP, text or CSV;{' '}
            {limits.data ? `up to ${formatBytes(limits.data.maxBytes)} a file.` : 'within the size limit.'}
          </p>
          {director && (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={internal}
                onChange={(event) => setInternal(event.target.checked)}
              />
              Internal (Directors only)
            </label>
          )}
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <div>
            <Button type="submit" size="sm" disabled={upload.isPending}>
              {upload.isPending ? <Spinner /> : <Paperclip aria-hidden="true" />}
              Upload
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
