import { useId, useState } from 'react';
import { Crosshair, Lock, ScanSearch, ShieldAlert, Trash2 } from 'lucide-react';
import {
  OBSERVABLE_TLP_DEFAULT,
  OBSERVABLE_TLP_LEVELS,
  OBSERVABLE_TYPE_LABELS,
  OBSERVABLE_TYPES,
  type ExtractedObservable,
  type Observable,
  type ObservableTlp,
  type ObservableType,
} from '@contract/observables';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField, OptionsSelect } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/failure-toast';
import { useAddObservable } from '@/features/observables/api/add-observable';
import { useAddObservablesInBulk } from '@/features/observables/api/add-observables-in-bulk';
import { useExtractObservables } from '@/features/observables/api/extract-observables';
import { useObservables } from '@/features/observables/api/get-observables';
import { useRemoveObservable } from '@/features/observables/api/remove-observable';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';

interface ObservablesPanelProps {
  /** The case's API path, `/api/cases/{id}`. */
  base: string;
  /** Directors add internal observables and see them. */
  director: boolean;
}

const TLP_CLASSES: Record<ObservableTlp, string> = {
  clear: 'border-border text-foreground',
  green: 'border-emerald-500/50 text-emerald-400',
  amber: 'border-amber-500/50 text-amber-400',
  'amber+strict': 'border-amber-500/70 text-amber-300',
  red: 'border-red-500/60 text-red-400',
};

function TlpBadge({ tlp }: { tlp: ObservableTlp }) {
  return (
    <Badge variant="outline" className={cn('font-mono', TLP_CLASSES[tlp])}>
      TLP:{tlp.toUpperCase()}
    </Badge>
  );
}

/** Issues of an API error by path (`value`, `observables.3.value`), for the fields and rows they name. */
function issuesOf(error: unknown): Map<string, string> {
  const issues = new Map<string, string>();
  if (error instanceof ApiError)
    for (const issue of error.body?.issues ?? []) issues.set(issue.path, issue.message);
  return issues;
}

function ObservableRow({
  observable,
  onRemove,
  removing,
}: {
  observable: Observable;
  onRemove: () => void;
  removing: boolean;
}) {
  const matched = observable.matches.length > 0;
  return (
    <li
      data-testid="observable"
      className={cn(
        'grid gap-1.5 rounded-md border px-3 py-2',
        observable.isInternal
          ? 'border-warning/40 bg-warning/5'
          : matched
            ? 'border-destructive/40'
            : 'bg-muted/30',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-[0.7rem] tracking-widest text-muted-foreground uppercase">
          {OBSERVABLE_TYPE_LABELS[observable.type]}
        </span>
        <TlpBadge tlp={observable.tlp} />
        {observable.isIoc && <Badge variant="destructive">IOC</Badge>}
        {observable.isInternal && (
          <Badge variant="warning">
            <Lock aria-hidden="true" />
            Internal
          </Badge>
        )}
        <Button
          className="ml-auto"
          variant="ghost"
          size="sm"
          aria-label={`Remove ${observable.value}`}
          disabled={removing}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      <p className="font-mono text-sm [overflow-wrap:anywhere]">{observable.value}</p>
      {observable.tags.length > 0 && (
        <p className="flex flex-wrap gap-1">
          {observable.tags.map((tag) => (
            <Badge key={tag} variant="secondary">
              {tag}
            </Badge>
          ))}
        </p>
      )}
      {matched && (
        <ul aria-label={`Intelligence matching ${observable.value}`} className="grid gap-1">
          {observable.matches.map((match) => (
            <li
              key={`${match.threatId}-${match.stixId}`}
              className="flex flex-wrap items-center gap-2 text-sm"
            >
              <ShieldAlert aria-hidden="true" className="size-4 shrink-0 text-red-400" />
              <span className="text-muted-foreground">Matches</span>
              <Badge
                variant={
                  match.severity === 'critical' || match.severity === 'high' ? 'destructive' : 'warning'
                }
              >
                {match.severity}
              </Badge>
              <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{match.title}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The TLP 2.0 marking of what is being added, as `TLP:AMBER` and so on. */
function TlpField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: ObservableTlp;
  onChange: (tlp: ObservableTlp) => void;
}) {
  return (
    <FormField label={label} id={id}>
      {(control) => (
        <OptionsSelect
          {...control}
          value={value}
          options={OBSERVABLE_TLP_LEVELS}
          optionLabel={(option) => `TLP:${option.toUpperCase()}`}
          onChange={(event) => onChange(event.target.value as ObservableTlp)}
        />
      )}
    </FormField>
  );
}

function AddObservableForm({ base, director }: ObservablesPanelProps) {
  const id = useId();
  const add = useAddObservable(base);
  const [type, setType] = useState<ObservableType>('domain');
  const [value, setValue] = useState('');
  const [tlp, setTlp] = useState<ObservableTlp>(OBSERVABLE_TLP_DEFAULT);
  const [isIoc, setIsIoc] = useState(false);
  const [isInternal, setIsInternal] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const issues = issuesOf(error);

  const submit = async () => {
    setError(null);
    try {
      const added = await add.mutateAsync({ type, value, tlp, isIoc, isInternal });
      setValue('');
      toast({
        title: 'Observable added',
        description: added.matches.length
          ? `It matches ${added.matches.length} intelligence record${added.matches.length === 1 ? '' : 's'}.`
          : undefined,
      });
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <form
      aria-label="Add an observable"
      className="grid gap-3 rounded-md border border-dashed p-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr_9rem]">
        <FormField label="Type" id={`${id}-type`}>
          {(control) => (
            <OptionsSelect
              {...control}
              value={type}
              options={OBSERVABLE_TYPES}
              optionLabel={(option) => OBSERVABLE_TYPE_LABELS[option]}
              onChange={(event) => setType(event.target.value as ObservableType)}
            />
          )}
        </FormField>
        <FormField label="Value" error={issues.get('value')}>
          {(control) => (
            <Input
              {...control}
              value={value}
              autoComplete="off"
              spellCheck={false}
              placeholder="evil[.]example or hxxps://..."
              onChange={(event) => setValue(event.target.value)}
            />
          )}
        </FormField>
        <TlpField id={`${id}-tlp`} label="TLP" value={tlp} onChange={setTlp} />
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={isIoc} onChange={(event) => setIsIoc(event.target.checked)} />
          Indicator of compromise
        </label>
        {director && (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={isInternal}
              onChange={(event) => setIsInternal(event.target.checked)}
            />
            Internal (Directors only)
          </label>
        )}
        <Button type="submit" size="sm" className="ml-auto" disabled={add.isPending}>
          {add.isPending ? <Spinner /> : <Crosshair aria-hidden="true" />}
          Add observable
        </Button>
      </div>
      {error !== null && !issues.has('value') && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(error, 'The observable could not be added. Please try again.')}
        </p>
      )}
    </form>
  );
}

type Found = ExtractedObservable & { chosen: boolean };

function ExtractForm({ base, director }: ObservablesPanelProps) {
  const id = useId();
  const extract = useExtractObservables(base);
  const bulk = useAddObservablesInBulk(base);
  const [text, setText] = useState('');
  const [found, setFound] = useState<Found[] | null>(null);
  const [tlp, setTlp] = useState<ObservableTlp>(OBSERVABLE_TLP_DEFAULT);
  const [isInternal, setIsInternal] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const chosen = (found ?? []).filter((item) => item.chosen);
  const issues = issuesOf(error);

  const find = async () => {
    setError(null);
    try {
      const result = await extract.mutateAsync(text);
      setFound(result.map((item) => ({ ...item, chosen: true })));
    } catch (failure) {
      setError(failure);
    }
  };

  const addChosen = async () => {
    setError(null);
    try {
      const added = await bulk.mutateAsync({
        observables: chosen.map(({ type, value }) => ({ type, value, tlp, isInternal })),
      });
      const matched = added.filter((item) => item.matches.length > 0).length;
      toast({
        title: `${added.length} observable${added.length === 1 ? '' : 's'} added`,
        description: matched ? `${matched} of them match intelligence records.` : undefined,
      });
      setFound(null);
      setText('');
    } catch (failure) {
      setError(failure);
    }
  };

  /** A refusal of the bulk request names the item by its index among those sent. */
  const rowIssue = (item: Found) => {
    const index = chosen.indexOf(item);
    return index < 0
      ? undefined
      : (issues.get(`observables.${index}.value`) ?? issues.get(`observables.${index}`));
  };

  return (
    <div className="grid gap-3 rounded-md border border-dashed p-3">
      <FormField
        label="Extract from text"
        hint="Paste a report or an e-mail: defanged values (hxxp, [.], [@]) are read as what they stand for."
      >
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            value={text}
            spellCheck={false}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </FormField>
      <div>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          disabled={extract.isPending || !text.trim()}
          onClick={() => void find()}
        >
          {extract.isPending ? <Spinner /> : <ScanSearch aria-hidden="true" />}
          Find observables
        </Button>
      </div>
      {found !== null &&
        (found.length === 0 ? (
          <p className="text-sm text-muted-foreground">No observables found in this text.</p>
        ) : (
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Found {found.length}: choose which to add</legend>
            <ul aria-label="Found observables" className="grid gap-1">
              {found.map((item, index) => {
                const issue = rowIssue(item);
                return (
                  <li key={`${item.type}-${item.value}`} className="grid gap-0.5">
                    <label className="flex min-w-0 items-start gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="mt-1"
                        checked={item.chosen}
                        onChange={(event) =>
                          setFound(
                            found.map((other, at) =>
                              at === index ? { ...other, chosen: event.target.checked } : other,
                            ),
                          )
                        }
                      />
                      <span className="w-28 shrink-0 font-mono text-[0.7rem] tracking-widest text-muted-foreground uppercase">
                        {OBSERVABLE_TYPE_LABELS[item.type]}
                      </span>
                      <span className="min-w-0 font-mono [overflow-wrap:anywhere]">{item.value}</span>
                    </label>
                    {issue && <p className="pl-6 text-xs font-medium text-red-400">{issue}</p>}
                  </li>
                );
              })}
            </ul>
            <div className="flex flex-wrap items-end gap-3">
              <TlpField id={`${id}-tlp`} label="TLP for these" value={tlp} onChange={setTlp} />
              {director && (
                <label className="flex items-center gap-2 pb-2 text-sm">
                  <input
                    type="checkbox"
                    checked={isInternal}
                    onChange={(event) => setIsInternal(event.target.checked)}
                  />
                  Internal
                </label>
              )}
              <Button
                type="button"
                size="sm"
                className="ml-auto"
                disabled={bulk.isPending || chosen.length === 0}
                onClick={() => void addChosen()}
              >
                {bulk.isPending ? <Spinner /> : <Crosshair aria-hidden="true" />}
                Add {chosen.length} selected
              </Button>
            </div>
          </fieldset>
        ))}
      {error !== null && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(error, 'The observables could not be added. Please try again.')}
        </p>
      )}
    </div>
  );
}

/**
 * A case's observables (design 12.5): each with its type, TLP and what in the intelligence store it matches, a form
 * to add one, and "Extract from text", which finds every observable in a pasted report for the person to confirm
 * and adds the chosen ones together. The server validates, normalises and decides who sees what.
 */
export function ObservablesPanel({ base, director }: ObservablesPanelProps) {
  const id = useId();
  const observables = useObservables(base);
  const remove = useRemoveObservable(base);
  const list = observables.data ?? [];
  const matched = list.filter((item) => item.matches.length > 0).length;

  const removeOne = async (observable: Observable) => {
    try {
      await remove.mutateAsync(observable.id);
      toast({ title: 'Observable removed' });
    } catch (failure) {
      toastFailure(failure, 'Please try again.', { title: 'The observable could not be removed' });
    }
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3">
      <h3 id={`${id}-heading`} className="flex flex-wrap items-center gap-2 font-semibold">
        <Crosshair aria-hidden="true" className="size-4" />
        Observables
        {list.length > 0 && <Badge variant="outline">{list.length}</Badge>}
        {matched > 0 && <Badge variant="destructive">{matched} matched intelligence</Badge>}
      </h3>
      {observables.isPending ? (
        <p className="text-sm text-muted-foreground">Loading observables...</p>
      ) : observables.isError ? (
        <p className="text-sm text-destructive">The observables could not be loaded.</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">No observables recorded yet.</p>
      ) : (
        <ul aria-label="Observables" className="grid gap-2">
          {list.map((observable) => (
            <ObservableRow
              key={observable.id}
              observable={observable}
              removing={remove.isPending}
              onRemove={() => void removeOne(observable)}
            />
          ))}
        </ul>
      )}
      <AddObservableForm base={base} director={director} />
      <ExtractForm base={base} director={director} />
    </section>
  );
}
