import { useState, type FormEvent } from 'react';
import { TLP_DEFAULT, type StixImportReport } from '@contract/threats';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useImportThreats } from '@/features/threats/api/import-threats';
import { ImportReport } from '@/features/threats/components/import-report';
import { STIX_FILE_MAX_BYTES, THREAT_MESSAGES } from '@/features/threats/utils/labels';
import { ApiError, errorMessage, handleUnauthorizedError } from '@/lib/api-client';

/** Why the file did not go in: the server's first few complaints about the bundle, or a plain message. */
interface Failure {
  message: string;
  issues: string[];
}

const SHOWN_ISSUES = 10;

function failureOf(error: unknown): Failure {
  const issues =
    error instanceof ApiError
      ? (error.body?.issues ?? []).map((issue) =>
          issue.path ? `${issue.path}: ${issue.message}` : issue.message,
        )
      : [];
  return {
    message: errorMessage(error, THREAT_MESSAGES.importFailed),
    issues: issues.slice(0, SHOWN_ISSUES),
  };
}

interface ImportStixDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Directors: pick a STIX 2.1 bundle, send it, and read what went in and what did not. */
export function ImportStixDialog({ open, onOpenChange }: ImportStixDialogProps) {
  const importThreats = useImportThreats();
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [report, setReport] = useState<StixImportReport | null>(null);

  const changeOpen = (next: boolean) => {
    if (!next) {
      setFile(null);
      setFailure(null);
      setReport(null);
    }
    onOpenChange(next);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setFailure(null);
    setReport(null);
    if (file.size > STIX_FILE_MAX_BYTES) {
      setFailure({ message: THREAT_MESSAGES.tooLarge, issues: [] });
      return;
    }
    let bundle: unknown;
    try {
      bundle = JSON.parse(await file.text());
    } catch {
      setFailure({ message: THREAT_MESSAGES.notJson, issues: [] });
      return;
    }
    try {
      setReport(await importThreats.mutateAsync(bundle));
    } catch (error) {
      if (handleUnauthorizedError(error)) return;
      setFailure(failureOf(error));
    }
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="max-h-[90vh] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Import STIX</DialogTitle>
          <DialogDescription>
            Reports and standalone indicators become records; a newer version of a record already here
            replaces it.
          </DialogDescription>
          <p className="text-sm text-muted-foreground">
            An object with no TLP marking (and every object of an unmarked bundle) is stored as{' '}
            <strong className="font-mono">TLP:{TLP_DEFAULT}</strong>.
          </p>
        </DialogHeader>
        <form
          onSubmit={(event) => void onSubmit(event)}
          aria-label="Import STIX bundle"
          className="grid gap-4"
        >
          <FormField label="STIX 2.1 bundle (JSON)">
            {(field) => (
              <Input
                {...field}
                type="file"
                accept=".json,application/json,application/stix+json"
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setFailure(null);
                  setReport(null);
                }}
              />
            )}
          </FormField>
          {failure && (
            <div
              role="alert"
              className="rounded-md border border-destructive/50 bg-destructive/10 px-3 py-2 text-sm text-red-300"
            >
              <p>{failure.message}</p>
              {failure.issues.length > 0 && (
                <ul className="mt-1 list-disc pl-5 text-xs">
                  {failure.issues.map((issue) => (
                    <li key={issue}>{issue}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
          {report && <ImportReport report={report} onNavigate={() => changeOpen(false)} />}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => changeOpen(false)}>
              Close
            </Button>
            <Button type="submit" disabled={!file || importThreats.isPending}>
              {importThreats.isPending && <Spinner className="size-4" />}
              Import
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
