import type { z } from 'zod';
import {
  CASE_CATEGORIES,
  CASE_PRIORITIES,
  createCaseRequestSchema,
  type CreateCaseRequest,
} from '@contract/cases';
import { Button } from '@/components/ui/button';
import { ShareWithOrganizationField } from '@/components/ui/organization-sharing';
import { FormField, FormMessage, FormRow, SelectField, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useCreateCase } from '@/features/cases/api/create-case';
import { CASE_CATEGORY_LABELS, CASE_MESSAGES, CASE_PRIORITY_BADGES } from '@/features/cases/utils/labels';
import { useUser } from '@/lib/auth';
import { useApiForm } from '@/lib/use-api-form';

type CaseOutput = z.output<typeof createCaseRequestSchema>;

const DEFAULTS: CreateCaseRequest = {
  title: '',
  description: '',
  category: '' as CreateCaseRequest['category'],
  priority: 'medium',
  deadline: '',
  clientRequirements: '',
  visibility: 'private',
};

interface NewCaseFormProps {
  onCancel: () => void;
  onCreated: () => void;
}

/** Checked with the API's own schema (contract/cases.ts); 'Error' with the server's message when it refuses. */
export function NewCaseForm({ onCancel, onCreated }: NewCaseFormProps) {
  const createCase = useCreateCase();
  const { data: user } = useUser();
  const {
    register,
    submit,
    watch,
    setValue,
    formState: { errors },
  } = useApiForm<CreateCaseRequest, CaseOutput>(createCaseRequestSchema, { defaultValues: DEFAULTS });

  const onSubmit = submit((values) => createCase.mutateAsync(values), {
    fallbackMessage: CASE_MESSAGES.createFailed,
    errorToastTitle: CASE_MESSAGES.failedTitle,
    successToast: CASE_MESSAGES.created,
    reset: () => DEFAULTS,
    onSuccess: onCreated,
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="New case" className="grid gap-4">
      <FormMessage>{errors.root?.server?.message}</FormMessage>
      <TextField
        label="Title"
        placeholder="Background check on a prospective partner"
        error={errors.title?.message}
        {...register('title')}
      />
      <FormField label="Description" error={errors.description?.message} hint="At least 20 characters">
        {(field) => (
          <Textarea
            rows={4}
            placeholder="What you need us to find out, and why"
            {...field}
            {...register('description')}
          />
        )}
      </FormField>
      <FormRow>
        <SelectField
          label="Category"
          error={errors.category?.message}
          options={CASE_CATEGORIES}
          optionLabel={(category) => CASE_CATEGORY_LABELS[category]}
          {...register('category')}
        >
          <option value="">Select a category</option>
        </SelectField>
        <SelectField
          label="Priority"
          error={errors.priority?.message}
          options={CASE_PRIORITIES}
          optionLabel={(priority) => CASE_PRIORITY_BADGES[priority].label}
          {...register('priority')}
        />
      </FormRow>
      <TextField
        label="Deadline"
        type="date"
        hint="Optional"
        error={errors.deadline?.message}
        {...register('deadline')}
      />
      <FormField label="Client requirements" error={errors.clientRequirements?.message} hint="Optional">
        {(field) => <Textarea rows={3} {...field} {...register('clientRequirements')} />}
      </FormField>
      {user?.organization && (
        <ShareWithOrganizationField
          organizationName={user.organization.name}
          visibility={watch('visibility')}
          onChange={(visibility) => setValue('visibility', visibility)}
          error={errors.visibility?.message}
        />
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={createCase.isPending}>
          {createCase.isPending && <Spinner className="size-4" />}
          Create Case
        </Button>
      </div>
    </form>
  );
}
