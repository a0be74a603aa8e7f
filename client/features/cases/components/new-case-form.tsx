import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  CASE_CATEGORIES,
  CASE_PRIORITIES,
  createCaseRequestSchema,
  type CreateCaseRequest,
} from '@contract/cases';
import { Button } from '@/components/ui/button';
import { FormField, FormMessage, TextField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useCreateCase } from '@/features/cases/api/create-case';
import { CASE_CATEGORY_LABELS, CASE_MESSAGES, CASE_PRIORITY_BADGES } from '@/features/cases/utils/labels';
import { errorMessage, handleUnauthorizedError } from '@/lib/api-client';

type CaseOutput = z.output<typeof createCaseRequestSchema>;

const DEFAULTS: CreateCaseRequest = {
  title: '',
  description: '',
  category: '' as CreateCaseRequest['category'],
  priority: 'medium',
  deadline: '',
  clientRequirements: '',
};

interface NewCaseFormProps {
  onCancel: () => void;
  onCreated: () => void;
}

/** Spec 5.9: checked with the API's own schema; 'Error' with the server's message when it refuses (spec 8). */
export function NewCaseForm({ onCancel, onCreated }: NewCaseFormProps) {
  const createCase = useCreateCase();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CreateCaseRequest, unknown, CaseOutput>({
    resolver: zodResolver(createCaseRequestSchema),
    defaultValues: DEFAULTS,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await createCase.mutateAsync(values);
    } catch (error) {
      if (handleUnauthorizedError(error)) return;
      const description = errorMessage(error, CASE_MESSAGES.createFailed);
      setError('root.server', { type: 'server', message: description });
      toast({ variant: 'destructive', title: CASE_MESSAGES.failedTitle, description });
      return;
    }
    toast(CASE_MESSAGES.created);
    reset(DEFAULTS);
    onCreated();
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
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Category" error={errors.category?.message}>
          {(field) => (
            <NativeSelect {...field} {...register('category')}>
              <option value="">Select a category</option>
              {CASE_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {CASE_CATEGORY_LABELS[category]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Priority" error={errors.priority?.message}>
          {(field) => (
            <NativeSelect {...field} {...register('priority')}>
              {CASE_PRIORITIES.map((priority) => (
                <option key={priority} value={priority}>
                  {CASE_PRIORITY_BADGES[priority].label}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
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
