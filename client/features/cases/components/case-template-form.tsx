import { useFieldArray } from 'react-hook-form';
import type { z } from 'zod';
import { Plus, Trash2 } from 'lucide-react';
import {
  caseTemplateRequestSchema,
  TEMPLATE_TASKS_MAX,
  type CaseTemplate,
  type CaseTemplateRequest,
} from '@contract/case-tasks';
import { CASE_CATEGORIES } from '@contract/cases';
import { Button } from '@/components/ui/button';
import { Checkbox, CheckboxField, FormLegend } from '@/components/ui/form-parts';
import { FormField, FormMessage, FormRow, SelectField, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useSaveTemplate } from '@/features/cases/api/case-templates';
import { CASE_CATEGORY_LABELS, CASE_MESSAGES } from '@/features/cases/utils/labels';
import { useApiForm } from '@/lib/use-api-form';

type TemplateOutput = z.output<typeof caseTemplateRequestSchema>;

const EMPTY_TASK = { title: '', description: undefined, dueInHours: undefined };

function defaultsOf(template: CaseTemplate | null): CaseTemplateRequest {
  if (!template) return { name: '', category: null, autoApply: false, tasks: [EMPTY_TASK] };
  return {
    name: template.name,
    category: template.category,
    autoApply: template.autoApply,
    tasks: template.tasks.map((task) => ({ ...EMPTY_TASK, ...task })),
  };
}

const optionalText = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);
const optionalNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

/** An issue path of the API (`tasks.0.title`) is the form's own field name. */
const serverField = (path: string) => path as never;

interface CaseTemplateFormProps {
  /** The template to edit; null for a new one. */
  template: CaseTemplate | null;
  onCancel: () => void;
  onSaved: () => void;
}

/**
 * A case template (Directors): name, category, whether it applies itself when a case of that category opens, and
 * its tasks. Checked with the API's own schema; the server's refusals land on the fields they name.
 */
export function CaseTemplateForm({ template, onCancel, onSaved }: CaseTemplateFormProps) {
  const save = useSaveTemplate(template?.id ?? null);
  const form = useApiForm<CaseTemplateRequest, TemplateOutput>(caseTemplateRequestSchema, {
    defaultValues: defaultsOf(template),
  });
  const {
    register,
    submit,
    control,
    formState: { errors },
  } = form;
  const tasks = useFieldArray({ control, name: 'tasks' });

  const onSubmit = submit((values) => save.mutateAsync(values), {
    fields: serverField,
    fallbackMessage: CASE_MESSAGES.templateSaveFailed,
    successToast: template ? CASE_MESSAGES.templateSaved : CASE_MESSAGES.templateCreated,
    onSuccess: onSaved,
  });

  const tasksError = errors.tasks?.message ?? errors.tasks?.root?.message;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={template ? `Edit template ${template.name}` : 'New template'}
      className="grid gap-4"
    >
      <FormMessage>{errors.root?.server?.message}</FormMessage>
      <FormRow>
        <TextField
          label="Name"
          placeholder="Ransomware first response"
          error={errors.name?.message}
          {...register('name')}
        />
        <SelectField
          label="Category"
          error={errors.category?.message}
          options={CASE_CATEGORIES}
          optionLabel={(category) => CASE_CATEGORY_LABELS[category]}
          {...register('category', { setValueAs: (value: unknown) => value || null })}
        >
          <option value="">Any category (applied by hand)</option>
        </SelectField>
      </FormRow>
      <CheckboxField
        label="Apply automatically when a case of this category is opened"
        error={errors.autoApply?.message}
      >
        {(field) => <Checkbox {...field} {...register('autoApply')} />}
      </CheckboxField>
      <fieldset className="grid gap-3">
        <FormLegend>Tasks</FormLegend>
        {tasksError && <FormMessage>{tasksError}</FormMessage>}
        <ol className="grid gap-3">
          {tasks.fields.map((task, index) => (
            <li key={task.id} data-testid="template-task" className="grid gap-3 rounded-md border p-3">
              <div className="flex items-end gap-2">
                <TextField
                  label={`Task ${index + 1} title`}
                  fieldClassName="min-w-0 flex-1"
                  error={errors.tasks?.[index]?.title?.message}
                  {...register(`tasks.${index}.title`)}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove task ${index + 1}`}
                  onClick={() => tasks.remove(index)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
              <FormField
                label={`Task ${index + 1} description`}
                hint="Optional"
                error={errors.tasks?.[index]?.description?.message}
              >
                {(field) => (
                  <Textarea
                    rows={2}
                    {...field}
                    {...register(`tasks.${index}.description`, { setValueAs: optionalText })}
                  />
                )}
              </FormField>
              <TextField
                label={`Task ${index + 1} due in hours`}
                hint="Optional: hours after the template is applied"
                type="number"
                inputMode="numeric"
                min={1}
                fieldClassName="max-w-56"
                error={errors.tasks?.[index]?.dueInHours?.message}
                {...register(`tasks.${index}.dueInHours`, { setValueAs: optionalNumber })}
              />
            </li>
          ))}
        </ol>
        <div>
          <Button
            type="button"
            variant="outline"
            onClick={() => tasks.append(EMPTY_TASK)}
            disabled={tasks.fields.length >= TEMPLATE_TASKS_MAX}
          >
            <Plus aria-hidden="true" />
            Add a task
          </Button>
        </div>
      </fieldset>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner className="size-4" />}
          Save Template
        </Button>
      </div>
    </form>
  );
}
