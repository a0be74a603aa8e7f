import {
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
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
import { FormField, FormMessage, TextField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { useActionTargets, type ActionTargets } from '@/features/automation/api/get-action-targets';
import { useCreateAutomationRule } from '@/features/automation/api/create-automation-rule';
import { handleUnauthorizedError } from '@/lib/api-client';
import { setServerErrors } from '@/lib/form-errors';

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
            <FormField label="Field" error={errorAt(errors, `trigger.conditions.${index}.field`)}>
              {(ids) => (
                <NativeSelect {...ids} {...register(path(`trigger.conditions.${index}.field`))}>
                  {eventFields.map((field) => (
                    <option key={field} value={field}>
                      {field}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label="Operator" error={errorAt(errors, `trigger.conditions.${index}.operator`)}>
              {(ids) => (
                <NativeSelect {...ids} {...register(path(`trigger.conditions.${index}.operator`))}>
                  {CONDITION_OPERATORS.map((operator) => (
                    <option key={operator} value={operator}>
                      {CONDITION_OPERATOR_LABELS[operator]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
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
          <FormField
            key="integration"
            label="Integration"
            error={errorAt(errors, at('integrationId'))}
            hint={
              targets?.integrations.length === 0 ? 'Add an integration on the Mobile page first.' : undefined
            }
          >
            {(ids) => (
              <NativeSelect {...ids} {...register(path(at('integrationId')))}>
                <option value="">Choose an integration</option>
                {targets?.integrations.map((integration) => (
                  <option key={integration.id} value={integration.id}>
                    {integration.name} ({integration.type}
                    {integration.isActive ? '' : ', inactive'})
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          {message}
        </>
      );
    case 'add_case_update':
      return (
        <>
          <FormField key="case" label="Case" error={errorAt(errors, at('caseId'))}>
            {(ids) => (
              <NativeSelect {...ids} {...register(path(at('caseId')))}>
                <option value="">{CASE_EVENTS.includes(event) ? 'The event’s case' : 'Choose a case'}</option>
                {targets?.cases.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.caseNumber}: {c.title}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
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
              <FormField
                label={`Action ${index + 1}`}
                className="flex-1"
                error={errorAt(errors, `actions.${index}.type`)}
              >
                {(ids) => (
                  <NativeSelect {...ids} {...register(path(`actions.${index}.type`))}>
                    {AUTOMATION_ACTION_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {AUTOMATION_ACTION_LABELS[type]}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
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
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createAutomationRuleRequestSchema),
    // A config field the chosen action type does not show is not sent.
    shouldUnregister: true,
    defaultValues: DEFAULTS,
  });
  const event = useWatch({ control, name: 'trigger.event' }) as AutomationEvent;

  const onSubmit = handleSubmit((values) =>
    create
      .mutateAsync(values)
      .then(onCreated)
      .catch((error: unknown) => {
        if (handleUnauthorizedError(error)) return;
        setServerErrors(
          error,
          (issuePath) => (/^(name|trigger|actions)(\.|$)/.test(issuePath) ? path(issuePath) : undefined),
          setError,
          'Failed to create the rule.',
        );
      }),
  );

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
      <FormField label="When this happens" error={errors.trigger?.event?.message}>
        {(ids) => (
          <NativeSelect {...ids} {...register('trigger.event')}>
            {AUTOMATION_EVENTS.map((value) => (
              <option key={value} value={value}>
                {AUTOMATION_EVENT_LABELS[value]} ({value})
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
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
