import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { BULK_LIMITS, BULK_TYPE_LABELS, type CreateBulkOperationRequest } from '@contract/bulk';
import { CASE_STATUSES, type CaseStatus } from '@contract/cases';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/form-field';
import { Checkbox } from '@/components/ui/form-parts';
import { Label } from '@/components/ui/label';
import { ListSkeleton } from '@/components/ui/list-states';
import { toast } from '@/components/ui/use-toast';
import { useCreateBulkOperation } from '@/features/bulk/api/create-bulk-operation';
import {
  useActiveApiKeyChoices,
  useCaseChoices,
  useUnreadNotificationIds,
  type BulkChoice,
} from '@/features/bulk/api/get-bulk-choices';
import {
  CHOICE_LABELS,
  offeredTypes,
  statusWord,
  type OfferedType,
} from '@/features/bulk/utils/offered-types';
import { ApiError, handleUnauthorizedError } from '@/lib/api-client';

type ThreatImportItems = Extract<CreateBulkOperationRequest, { type: 'threat_import' }>['items'];

function describeError(error: unknown): string {
  if (error instanceof ApiError && error.body) {
    const issue = error.body.issues?.[0];
    return issue ? `${issue.message}${issue.path ? ` (${issue.path})` : ''}` : error.body.message;
  }
  return 'The operation could not be started. Please try again.';
}

function Loading({ what }: { what: string }) {
  return <ListSkeleton label={`Loading ${what}`} className="gap-2" rowClassName="h-6" />;
}

function Muted({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted-foreground">{children}</p>;
}

/** Checkboxes for a list of things, with a select-all toggle. */
function ChoiceList({
  label,
  choices,
  selected,
  onChange,
}: {
  label: string;
  choices: BulkChoice[];
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}) {
  const all = choices.length > 0 && choices.every((choice) => selected.has(choice.id));
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (!next.delete(id)) next.add(id);
    onChange(next);
  };
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{label}</legend>
      <label className="flex items-center gap-3 text-sm text-muted-foreground">
        <Checkbox
          checked={all}
          onChange={() => onChange(all ? new Set() : new Set(choices.map((choice) => choice.id)))}
        />
        Select all ({choices.length})
      </label>
      <ul className="grid max-h-56 gap-1.5 overflow-y-auto rounded-md border p-2">
        {choices.map((choice) => (
          <li key={choice.id}>
            <label className="flex items-start gap-3 text-sm">
              <Checkbox checked={selected.has(choice.id)} onChange={() => toggle(choice.id)} />
              {choice.label}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

async function readBundles(files: FileList): Promise<{ bundles: object[]; problems: string[] }> {
  const bundles: object[] = [];
  const problems: string[] = [];
  for (const file of Array.from(files)) {
    try {
      const value: unknown = JSON.parse(await file.text());
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) bundles.push(value);
      else problems.push(`${file.name} is not a STIX bundle (a JSON object)`);
    } catch {
      problems.push(`${file.name} is not valid JSON`);
    }
  }
  return { bundles, problems };
}

interface NewBulkOperationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tier: number;
}

/** 'New Bulk Operation': pick what to do and to what; the server runs it in the background. */
export function NewBulkOperationDialog({ open, onOpenChange, tier }: NewBulkOperationDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>New Bulk Operation</DialogTitle>
          <DialogDescription>
            The work runs in the background; the list shows its progress and any items that failed.
          </DialogDescription>
        </DialogHeader>
        {open && <NewBulkOperationForm tier={tier} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function NewBulkOperationForm({ tier, onDone }: { tier: number; onDone: () => void }) {
  const types = offeredTypes(tier);
  const [type, setType] = useState<OfferedType>(types[0]!);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [targetStatus, setTargetStatus] = useState<CaseStatus>('in_progress');
  const [bundles, setBundles] = useState<object[]>([]);
  const [fileProblems, setFileProblems] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateBulkOperation();
  const fileId = useId();

  const unread = useUnreadNotificationIds(type === 'notifications_read');
  const keys = useActiveApiKeyChoices(type === 'api_key_revoke');
  const ownCases = useCaseChoices('own', type === 'case_export');
  const allCases = useCaseChoices('all', type === 'case_status');

  function choose(next: OfferedType) {
    setType(next);
    setSelected(new Set());
    setFailure(null);
  }

  function request(): CreateBulkOperationRequest | null {
    switch (type) {
      case 'notifications_read':
        return unread.data?.length
          ? { type, items: unread.data.slice(0, BULK_LIMITS.notifications_read) }
          : null;
      case 'api_key_revoke':
        return selected.size ? { type, items: [...selected] } : null;
      case 'case_export':
        return ownCases.data?.length ? { type } : null;
      case 'case_status':
        return selected.size
          ? { type, items: [...selected].map((caseId) => ({ caseId, status: targetStatus })) }
          : null;
      case 'threat_import':
        // Only read as JSON objects here: the server checks each bundle's STIX shape and answers with the problems.
        return bundles.length ? { type, items: bundles as ThreatImportItems } : null;
    }
  }

  const body = request();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!body) return;
    setFailure(null);
    create.mutate(body, {
      onSuccess: (operation) => {
        toast({
          title: 'Bulk operation started',
          description: `${BULK_TYPE_LABELS[operation.type]}: ${operation.totalItems} item${operation.totalItems === 1 ? '' : 's'}.`,
        });
        onDone();
      },
      onError: (error) => {
        if (handleUnauthorizedError(error)) return;
        setFailure(describeError(error));
      },
    });
  }

  async function onFiles(files: FileList | null) {
    if (!files) return;
    const read = await readBundles(files);
    setBundles(read.bundles);
    setFileProblems(read.problems);
  }

  let details: ReactNode;
  switch (type) {
    case 'notifications_read':
      details = unread.isPending ? (
        <Loading what="notifications" />
      ) : unread.isError ? (
        <Muted>Your notifications could not be loaded.</Muted>
      ) : (
        <Muted>
          {unread.data.length === 0
            ? 'You have no unread notifications.'
            : `${unread.data.length} unread notification${unread.data.length === 1 ? '' : 's'} will be marked read.`}
        </Muted>
      );
      break;
    case 'api_key_revoke':
      details = keys.isPending ? (
        <Loading what="API keys" />
      ) : keys.isError ? (
        <Muted>Your API keys could not be loaded.</Muted>
      ) : keys.data.length === 0 ? (
        <Muted>You have no active API keys.</Muted>
      ) : (
        <ChoiceList
          label="API keys to revoke"
          choices={keys.data}
          selected={selected}
          onChange={setSelected}
        />
      );
      break;
    case 'case_export':
      details = ownCases.isPending ? (
        <Loading what="cases" />
      ) : ownCases.isError ? (
        <Muted>Your cases could not be loaded.</Muted>
      ) : (
        <Muted>
          {ownCases.data.length === 0
            ? 'You have no cases to export.'
            : `All ${ownCases.data.length} of your cases will be exported to a CSV file you can download.`}
        </Muted>
      );
      break;
    case 'case_status':
      details = allCases.isPending ? (
        <Loading what="cases" />
      ) : allCases.isError ? (
        <Muted>The cases could not be loaded.</Muted>
      ) : (
        <div className="grid gap-4">
          <div className="grid gap-2">
            <SelectField
              label="New status"
              value={targetStatus}
              onChange={(event) => setTargetStatus(event.target.value as CaseStatus)}
              options={CASE_STATUSES}
              optionLabel={statusWord}
            />
            <Muted>Each case moves only along its allowed steps; the others are reported as failed.</Muted>
          </div>
          <ChoiceList
            label="Cases"
            choices={allCases.data.map((c) => ({ id: c.id, label: `${c.label} (${statusWord(c.status)})` }))}
            selected={selected}
            onChange={setSelected}
          />
        </div>
      );
      break;
    case 'threat_import':
      details = (
        <div className="grid gap-2">
          <Label htmlFor={fileId}>STIX 2.1 bundle files (up to {BULK_LIMITS.threat_import})</Label>
          <input
            id={fileId}
            type="file"
            multiple
            accept=".json,application/json,application/stix+json"
            className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-surface file:px-3 file:py-1 file:text-foreground"
            onChange={(event) => void onFiles(event.target.files)}
          />
          {bundles.length > 0 && (
            <Muted>
              {bundles.length} bundle{bundles.length === 1 ? '' : 's'} ready to import.
            </Muted>
          )}
          {fileProblems.map((problem) => (
            <p key={problem} role="alert" className="text-sm text-red-400">
              {problem}
            </p>
          ))}
        </div>
      );
      break;
  }

  return (
    <form aria-label="New bulk operation" className="grid gap-5" onSubmit={onSubmit} noValidate>
      <SelectField
        label="Operation"
        value={type}
        onChange={(event) => choose(event.target.value as OfferedType)}
        options={types}
        optionLabel={(option) => CHOICE_LABELS[option]}
      />
      {details}
      {failure && (
        <p role="alert" className="text-sm font-medium text-red-400">
          {failure}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={!body || create.isPending}>
          {create.isPending ? 'Starting...' : 'Start operation'}
        </Button>
      </DialogFooter>
    </form>
  );
}
