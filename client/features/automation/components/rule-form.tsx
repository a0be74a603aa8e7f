import {
  useFieldArray,
  useWatch,
  type Control,
  type FieldErrors,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import type { z } from 'zod';
import {
  AUTOMATION_ACTION_LABELS,
  AUTOMATION_ACTION_TYPES,
  AUTOMATION_EVENT_FIELDS,
  AUTOMATION_EVENT_LABELS,
  AUTOMATION_EVENTS,
  AUTOMATION_LIMITS,
  CASE_EVENTS,
  CONDITION_OPERATOR_LABELS,
  CONDITION_OPERATORS,
  createAutomationRuleRequestSchema,
  type AutomationEvent,
  type AutomationRule,
} from '@contract/automation';
import { Button } from '@/components/ui/button';
import { FormMessage, SelectField, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useActionTargets, type ActionTargets } from '@/features/automation/api/get-action-targets';
import { useCreateAutomationRule } from '@/features/automation/api/create-automation-rule';
import { useApiForm } from '@/lib/use-api-form';

type FormInput = z.input<typeof createAutomationRuleRequestSchema>;
type FormOutput = z.output<typeof createAutomationRuleRequestSchema>;

/** Field names built from row indexes ("actions.0.config.url"); the schema checks what they hold. */
const path = (name: string) => name as Path<FormInput>;

/** The message react-hook-form keeps for a dotted path, if any. */
function errorAt(errors: FieldErrors<FormInput>, name: string): string | undefined {
  let node: unknown = errors;
  for (const part of name.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

const DEFAULTS: FormInput = {
  name: '',
  trigger: { event: 'case.created', conditions: [] },
  actions: [{ type: 'notify', config: { message: '' } }],
  isActive: true,
};

function ConditionRows({
  control,
  register,
  errors,
  event,
}: {
  control: Control<FormInput, unknown, FormOutput>;
  register: UseFormRegister<FormInput>;
  errors: FieldErrors<FormInput>;
  event: AutomationEvent;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'trigger.conditions' });
  const eventFields = AUTOMATION_EVENT_FIELDS[event];
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-medium">Conditions</legend>
      {fields.length === 0 && (
        <p className="text-xs text-muted-foreground">No conditions: the rule runs on every {event} event.</p>
      )}
      <ol className="grid gap-3">
        {fields.map((row, index) => (
          <li
            key={row.id}
            data-testid="condition"
            className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_1fr_1fr_auto]"
          >
            <SelectField
              label="Field"
              error={errorAt(errors, `trigger.conditions.${index}.field`)}
              options={eventFields}
              optionLabel={(field) => field}
              {...register(path(`trigger.conditions.${index}.field`))}
            />
            <SelectField
              label="Operator"
              error={errorAt(errors, `trigger.conditions.${index}.operator`)}
              options={CONDITION_OPERATORS}
              optionLabel={(operator) => CONDITION_OPERATOR_LABELS[operator]}
              {...register(path(`trigger.conditions.${index}.operator`))}
            />
            <TextField
              label="Value"
              autoComplete="off"
              placeholder="critical, or a, b for a list"
              error={errorAt(errors, `trigger.conditions.${index}.value`)}
              {...register(path(`trigger.conditions.${index}.value`))}
            />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="self-end"
              onClick={() => remove(index)}
              aria-label={`Remove condition ${index + 1}`}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ol>
      {fields.length < AUTOMATION_LIMITS.conditions && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => append({ field: eventFields[0]!, operator: 'equals', value: '' })}
        >
          <Plus aria-hidden="true" />
          Add condition
        </Button>
      )}
    </fieldset>
  );
}

function ActionConfig({
  index,
  control,
  register,
  errors,
  event,
  targets,
}: {
  index: number;
  control: Control<FormInput, unknown, FormOutput>;
  register: UseFormRegister<FormInput>;
  errors: FieldErrors<FormInput>;
  event: AutomationEvent;
  targets: ActionTargets | undefined;
}) {
  const type = useWatch({
    control,
    name: path(`actions.${index}.type`),
  }) as AutomationRule['actions'][number]['type'];
  const at = (field: string) => `actions.${index}.config.${field}`;
  const placeholders = AUTOMATION_EVENT_FIELDS[event].map((field) => `{{${field}}}`).join(' ');
  const message = (
    <TextField
      key={`${type}-message`}
      label="Message"
      autoComplete="off"
      hint={`May use ${placeholders}`}
      error={errorAt(errors, at('message'))}
      {...register(path(at('message')))}
    />
  );
  switch (type) {
    case 'notify':
      return message;
    case 'send_integration':
      return (
        <>
          <SelectField
            key="integration"
            label="Integration"
            error={errorAt(errors, at('integrationId'))}
            hint={
              targets?.integrations.length === 0 ? 'Add an integration on the Mobile page first.' : undefined
            }
            options={targets?.integrations ?? []}
            optionValue={(integration) => integration.id}
            optionLabel={(integration) => (
              <>
                {integration.name} ({integration.type}
                {integration.isActive ? '' : ', inactive'})
              </>
            )}
            {...register(path(at('integrationId')))}
          >
            <option value="">Choose an integration</option>
          </SelectField>
          {message}
        </>
      );
    case 'add_case_update':
      return (
        <>
          <SelectField
            key="case"
            label="Case"
            error={errorAt(errors, at('caseId'))}
            options={targets?.cases ?? []}
            optionValue={(c) => c.id}
            optionLabel={(c) => (
              <>
                {c.caseNumber}: {c.title}
              </>
            )}
            {...register(path(at('caseId')))}
          >
            <option value="">{CASE_EVENTS.includes(event) ? 'The event’s case' : 'Choose a case'}</option>
          </SelectField>
          {message}
        </>
      );
    case 'webhook':
      return (
        <TextField
          key="webhook-url"
          label="Webhook URL"
          type="url"
          autoComplete="off"
          placeholder="https://example.com/hooks/intel"
          hint="Receives a POST of JSON: {rule, event, data, sentAt}."
          error={errorAt(errors, at('url'))}
          {...register(path(at('url')))}
        />
      );
    default:
      return null;
  }
}

function ActionRows({
  control,
  register,
  errors,
  event,
}: {
  control: Control<FormInput, unknown, FormOutput>;
  register: UseFormRegister<FormInput>;
  errors: FieldErrors<FormInput>;
  event: AutomationEvent;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'actions' });
  const targets = useActionTargets();
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-medium">Actions</legend>
      <FormMessage>{errorAt(errors, 'actions')}</FormMessage>
      <ol className="grid gap-3">
        {fields.map((row, index) => (
          <li key={row.id} data-testid="action" className="grid gap-3 rounded-md border p-3">
            <div className="flex items-end gap-2">
              <SelectField
                label={`Action ${index + 1}`}
                fieldClassName="flex-1"
                error={errorAt(errors, `actions.${index}.type`)}
                options={AUTOMATION_ACTION_TYPES}
                optionLabel={(type) => AUTOMATION_ACTION_LABELS[type]}
                {...register(path(`actions.${index}.type`))}
              />
              {fields.length > 1 && (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  onClick={() => remove(index)}
                  aria-label={`Remove action ${index + 1}`}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              )}
            </div>
            <ActionConfig
              index={index}
              control={control}
              register={register}
              errors={errors}
              event={event}
              targets={targets.data}
            />
          </li>
        ))}
      </ol>
      {fields.length < AUTOMATION_LIMITS.actions && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => append({ type: 'notify', config: { message: '' } })}
        >
          <Plus aria-hidden="true" />
          Add action
        </Button>
      )}
    </fieldset>
  );
}

/** The New Rule form: the contract's schema checks it here and again on the server. */
export function RuleForm({
  onCreated,
  onCancel,
}: {
  onCreated: (rule: AutomationRule) => void;
  onCancel: () => void;
}) {
  const create = useCreateAutomationRule();
  const {
    register,
    submit,
    control,
    formState: { errors },
  } = useApiForm<FormInput, FormOutput>(createAutomationRuleRequestSchema, {
    // A config field the chosen action type does not show is not sent.
    shouldUnregister: true,
    defaultValues: DEFAULTS,
  });
  const event = useWatch({ control, name: 'trigger.event' }) as AutomationEvent;

  const onSubmit = submit((values) => create.mutateAsync(values), {
    fields: (issuePath) => (/^(name|trigger|actions)(\.|$)/.test(issuePath) ? path(issuePath) : undefined),
    fallbackMessage: 'Failed to create the rule.',
    onSuccess: (rule) => onCreated(rule),
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="New rule" className="grid gap-5">
      <FormMessage>{errors.root?.server?.message}</FormMessage>
      <TextField
        label="Name"
        placeholder="Critical threats to Slack"
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <SelectField
        label="When this happens"
        error={errors.trigger?.event?.message}
        options={AUTOMATION_EVENTS}
        optionLabel={(value) => `${AUTOMATION_EVENT_LABELS[value]} (${value})`}
        {...register('trigger.event')}
      />
      <ConditionRows control={control} register={register} errors={errors} event={event} />
      <ActionRows control={control} register={register} errors={errors} event={event} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? (
            <Spinner className="text-primary-foreground" label="Creating rule" />
          ) : (
            <Plus aria-hidden="true" />
          )}
          Create Rule
        </Button>
      </div>
    </form>
  );
}
