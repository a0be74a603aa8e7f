import { z } from 'zod';
import {
  createThreatRequestSchema,
  THREAT_CATEGORIES,
  THREAT_SEVERITIES,
  threatIndicatorsSchema,
  threatMitigationsSchema,
  TLP_DEFAULT,
  TLP_LEVELS,
} from '@contract/threats';
import { Button } from '@/components/ui/button';
import { FormField, FormMessage, FormRow, SelectField, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useCreateThreat } from '@/features/threats/api/create-threat';
import {
  THREAT_CATEGORY_LABELS,
  THREAT_MESSAGES,
  THREAT_SEVERITY_BADGES,
  TLP_DESCRIPTIONS,
} from '@/features/threats/utils/labels';
import { useApiForm } from '@/lib/use-api-form';

/** One entry per line; blank lines are dropped before the API's own list rules apply. */
const lines = z.string().transform((text) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
);

/** The API's request schema, with the two lists typed as lines of text. */
const threatFormSchema = createThreatRequestSchema.extend({
  indicators: lines.pipe(threatIndicatorsSchema),
  mitigations: lines.pipe(threatMitigationsSchema),
});
type ThreatFormInput = z.input<typeof threatFormSchema>;
type ThreatFormOutput = z.output<typeof threatFormSchema>;

const DEFAULTS: ThreatFormInput = {
  source: '',
  category: '' as ThreatFormInput['category'],
  severity: '' as ThreatFormInput['severity'],
  title: '',
  description: '',
  indicators: '',
  mitigations: '',
  tlp: TLP_DEFAULT,
};

/** A list's message: about the whole list, or about its first bad line. */
function listError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string') return message;
  for (const item of Object.values(error)) {
    const itemMessage = (item as { message?: unknown } | undefined)?.message;
    if (typeof itemMessage === 'string') return itemMessage;
  }
  return undefined;
}

interface NewThreatFormProps {
  onCancel: () => void;
  onCreated: () => void;
}

/** A new threat record, checked with contract/threats.ts's schema; the server's message when it refuses. */
export function NewThreatForm({ onCancel, onCreated }: NewThreatFormProps) {
  const createThreat = useCreateThreat();
  const {
    register,
    submit,
    formState: { errors },
  } = useApiForm<ThreatFormInput, ThreatFormOutput>(threatFormSchema, { defaultValues: DEFAULTS });

  const onSubmit = submit((values) => createThreat.mutateAsync(values), {
    fallbackMessage: THREAT_MESSAGES.createFailed,
    errorToastTitle: THREAT_MESSAGES.failedTitle,
    successToast: THREAT_MESSAGES.created,
    reset: () => DEFAULTS,
    onSuccess: onCreated,
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add threat" className="grid gap-4">
      <FormMessage>{errors.root?.server?.message}</FormMessage>
      <TextField
        label="Title"
        placeholder="Credential phishing against the payroll portal"
        error={errors.title?.message}
        {...register('title')}
      />
      <FormField label="Description" error={errors.description?.message} hint="At least 20 characters">
        {(field) => (
          <Textarea
            rows={4}
            placeholder="What is happening, who is targeted and how"
            {...field}
            {...register('description')}
          />
        )}
      </FormField>
      <TextField
        label="Source"
        placeholder="CERT-In advisory, partner ISAC, own analysis..."
        error={errors.source?.message}
        {...register('source')}
      />
      <FormRow columns={3}>
        <SelectField
          label="Category"
          error={errors.category?.message}
          options={THREAT_CATEGORIES}
          optionLabel={(category) => THREAT_CATEGORY_LABELS[category]}
          {...register('category')}
        >
          <option value="">Select a category</option>
        </SelectField>
        <SelectField
          label="Severity"
          error={errors.severity?.message}
          options={THREAT_SEVERITIES}
          optionLabel={(severity) => THREAT_SEVERITY_BADGES[severity].label}
          {...register('severity')}
        >
          <option value="">Select a severity</option>
        </SelectField>
        <SelectField
          label="TLP marking"
          error={errors.tlp?.message}
          options={TLP_LEVELS}
          optionLabel={(level) => `TLP:${level}`}
          optionTitle={(level) => TLP_DESCRIPTIONS[level]}
          {...register('tlp')}
        />
      </FormRow>
      <FormField
        label="Indicators"
        error={listError(errors.indicators)}
        hint="Optional. One per line: IP addresses, domains, URLs, e-mail addresses, file hashes"
      >
        {(field) => (
          <Textarea
            rows={4}
            className="font-mono text-xs"
            placeholder={'203.0.113.7\nevil.example'}
            {...field}
            {...register('indicators')}
          />
        )}
      </FormField>
      <FormField label="Mitigations" error={listError(errors.mitigations)} hint="Optional. One per line">
        {(field) => (
          <Textarea
            rows={3}
            placeholder="Block the domain at the resolver"
            {...field}
            {...register('mitigations')}
          />
        )}
      </FormField>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={createThreat.isPending}>
          {createThreat.isPending && <Spinner className="size-4" />}
          Add Threat
        </Button>
      </div>
    </form>
  );
}
