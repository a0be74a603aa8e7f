import { useId, useState } from 'react';
import { KeyRound } from 'lucide-react';
import type { z } from 'zod';
import {
  API_KEY_PERMISSIONS,
  createApiKeyRequestSchema,
  type ApiKeyPermission,
  type CreatedApiKey,
} from '@contract/api-keys';
import { Button } from '@/components/ui/button';
import { FormMessage, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useCreateApiKey } from '@/features/api-keys/api/create-api-key';
import { useApiForm } from '@/lib/use-api-form';
import { cn } from '@/lib/utils';

type ApiKeyFormInput = z.input<typeof createApiKeyRequestSchema>;
type ApiKeyFormOutput = z.output<typeof createApiKeyRequestSchema>;

const fields = ['name', 'permissions', 'expiresAt'] as const;

const PERMISSION_DESCRIPTIONS: Record<ApiKeyPermission, string> = {
  read: 'Read your data (GET requests)',
  write: 'Create and change records',
  admin: 'Everything your clearance tier allows',
};

/** The date picker's 'YYYY-MM-DD' as the end of that day, local time, in the ISO form the API reads. */
function endOfDay(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const date = new Date(`${value}T23:59:59`);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** Today as the date picker writes it, for its `min`. */
function today(): string {
  const now = new Date();
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A new API key: a name, at least one permission (read by default) and an optional expiry date. */
export function ApiKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const id = useId();
  const [minDate] = useState(today);
  const create = useCreateApiKey();
  const {
    register,
    submit,
    formState: { errors },
  } = useApiForm<ApiKeyFormInput, ApiKeyFormOutput>(createApiKeyRequestSchema, {
    defaultValues: { name: '', permissions: ['read'], expiresAt: undefined },
  });

  const onSubmit = submit((values) => create.mutateAsync(values), {
    fields,
    fallbackMessage: 'Failed to create API key.',
    reset: true,
    onSuccess: (created) => onCreated(created),
  });

  const permissionsError = errors.permissions?.message ?? errors.permissions?.root?.message;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create API key" className="grid gap-5">
      <FormMessage>{errors.root?.server?.message}</FormMessage>
      <TextField
        label="Name"
        placeholder="Reporting script"
        autoComplete="off"
        hint="What will use this key, so you can recognise it later."
        error={errors.name?.message}
        {...register('name')}
      />
      <fieldset
        className="grid gap-2"
        aria-invalid={Boolean(permissionsError)}
        aria-describedby={permissionsError ? `${id}-permissions-error` : undefined}
      >
        <legend className={cn('mb-2 text-sm font-medium', permissionsError && 'text-red-400')}>
          Permissions
        </legend>
        {API_KEY_PERMISSIONS.map((permission) => (
          <label
            key={permission}
            className="flex cursor-pointer items-start gap-3 rounded-md border bg-surface px-3 py-2.5 transition-colors hover:border-primary/50 has-[:checked]:border-primary/60"
          >
            <input
              type="checkbox"
              value={permission}
              className="mt-0.5 size-4 shrink-0 accent-primary"
              {...register('permissions')}
            />
            <span className="grid gap-0.5">
              <span className="font-mono text-xs font-semibold tracking-wider uppercase">{permission}</span>
              <span className="text-xs text-muted-foreground">{PERMISSION_DESCRIPTIONS[permission]}</span>
            </span>
          </label>
        ))}
        {permissionsError && (
          <p id={`${id}-permissions-error`} className="text-xs font-medium text-red-400">
            {permissionsError}
          </p>
        )}
      </fieldset>
      <TextField
        label="Expires on (optional)"
        type="date"
        min={minDate}
        hint="Leave empty for a key that never expires."
        error={errors.expiresAt?.message}
        {...register('expiresAt', { setValueAs: endOfDay })}
      />
      <Button type="submit" disabled={create.isPending} className="justify-self-start">
        {create.isPending ? (
          <Spinner className="text-primary-foreground" label="Creating key" />
        ) : (
          <KeyRound aria-hidden="true" />
        )}
        Create API key
      </Button>
    </form>
  );
}
