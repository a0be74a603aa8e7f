import { useState, type FormEvent } from 'react';
import { Filter, X } from 'lucide-react';
import { AUDIT_ACTION_PREFIXES, AUDIT_ACTIONS, auditQuerySchema } from '@contract/audit';
import { Button } from '@/components/ui/button';
import { FormField, TextField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import type { AuditFilters } from '@/features/audit/api/get-audit-events';
import { actionLabel, familyLabel } from '@/features/audit/utils/labels';

type Field = 'actorId' | 'subjectUserId' | 'action' | 'from' | 'to';
type Values = Record<Field, string>;

/** `2026-11-24T15:30` (a datetime-local value, the browser's time) as an ISO time; '' stays ''. */
function toIso(local: string): string {
  if (!local) return '';
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

/** An ISO time as a datetime-local value in the browser's time zone, to the minute. */
function toLocal(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

function valuesOf(filters: AuditFilters): Values {
  return {
    actorId: filters.actorId ?? '',
    subjectUserId: filters.subjectUserId ?? '',
    action: filters.action ?? '',
    from: toLocal(filters.from),
    to: toLocal(filters.to),
  };
}

interface AuditFiltersFormProps {
  filters: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}

/**
 * The filters the API has: who acted, whose data it was about (each an e-mail address or an account id; a row's
 * actor and subject user can be picked from the table), one action or a family of them, and a time range in the browser's time. Checked with
 * the API's own schema before they are sent, so a mistyped id shows at its field.
 */
export function AuditFiltersForm({ filters, onApply }: AuditFiltersFormProps) {
  const [values, setValues] = useState<Values>(() => valuesOf(filters));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // Filters chosen elsewhere (a row's actor or subject user) show in the form too.
  const [shown, setShown] = useState(filters);
  if (shown !== filters) {
    setShown(filters);
    setValues(valuesOf(filters));
    setErrors({});
  }

  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: AuditFilters = {
      actorId: values.actorId.trim() || undefined,
      subjectUserId: values.subjectUserId.trim() || undefined,
      action: values.action || undefined,
      from: toIso(values.from) || undefined,
      to: toIso(values.to) || undefined,
    };
    const parsed = auditQuerySchema.safeParse(next);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    onApply(Object.fromEntries(Object.entries(next).filter(([, value]) => value)) as AuditFilters);
  };

  const active = Object.values(filters).some(Boolean);

  return (
    <form
      aria-label="Audit filters"
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4 rounded-lg border bg-surface p-4 sm:grid-cols-2 lg:grid-cols-6"
    >
      <TextField
        label="Actor (e-mail or account id)"
        fieldClassName="lg:col-span-2"
        placeholder="Who acted"
        autoComplete="off"
        spellCheck={false}
        value={values.actorId}
        error={errors.actorId}
        onChange={(event) => set('actorId')(event.target.value)}
      />
      <TextField
        label="Subject user (e-mail or account id)"
        fieldClassName="lg:col-span-2"
        placeholder="Whose data it was about"
        autoComplete="off"
        spellCheck={false}
        value={values.subjectUserId}
        error={errors.subjectUserId}
        onChange={(event) => set('subjectUserId')(event.target.value)}
      />
      <FormField label="Action" error={errors.action} className="lg:col-span-2">
        {(control) => (
          <NativeSelect
            {...control}
            value={values.action}
            onChange={(event) => set('action')(event.target.value)}
          >
            <option value="">Every action</option>
            <optgroup label="Families">
              {AUDIT_ACTION_PREFIXES.map((prefix) => (
                <option key={prefix} value={prefix}>
                  {familyLabel(prefix)} ({prefix})
                </option>
              ))}
            </optgroup>
            <optgroup label="Actions">
              {AUDIT_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {actionLabel(action)} ({action})
                </option>
              ))}
            </optgroup>
          </NativeSelect>
        )}
      </FormField>
      <TextField
        label="From"
        type="datetime-local"
        fieldClassName="lg:col-span-2"
        hint="Your local time, inclusive"
        value={values.from}
        error={errors.from}
        onChange={(event) => set('from')(event.target.value)}
      />
      <TextField
        label="To"
        type="datetime-local"
        fieldClassName="lg:col-span-2"
        hint="Your local time, up to but not including"
        value={values.to}
        error={errors.to}
        onChange={(event) => set('to')(event.target.value)}
      />
      <div className="flex flex-wrap items-start gap-2 sm:col-span-2 lg:col-span-2 lg:pt-6">
        <Button type="submit">
          <Filter aria-hidden="true" />
          Apply filters
        </Button>
        {active && (
          <Button variant="outline" onClick={() => onApply({})}>
            <X aria-hidden="true" />
            Clear filters
          </Button>
        )}
      </div>
    </form>
  );
}
