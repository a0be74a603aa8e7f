import {
  createEnterpriseClientRequestSchema,
  type CreateEnterpriseClientInput,
  type CreateEnterpriseClientRequest,
  type EnterpriseClient,
} from '@contract/enterprise';
import { DEFAULT_TIER, TIER_PLANS } from '@contract/tiers';
import { Button } from '@/components/ui/button';
import { FormMessage, SelectField, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useCreateEnterpriseClient } from '@/features/enterprise/api/create-enterprise-client';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useApiForm } from '@/lib/use-api-form';

const fields = ['name', 'domain', 'tier'] as const;

const DEFAULTS: CreateEnterpriseClientRequest = { name: '', domain: '', tier: DEFAULT_TIER };

interface AddClientFormProps {
  onCancel: () => void;
  onCreated: (client: EnterpriseClient) => void;
}

/** A new client: its name, its e-mail domain (one client per domain) and the tier it has contracted. */
export function AddClientForm({ onCancel, onCreated }: AddClientFormProps) {
  const create = useCreateEnterpriseClient();
  const {
    register,
    submit,
    setError,
    formState: { errors },
  } = useApiForm<CreateEnterpriseClientRequest, CreateEnterpriseClientInput>(
    createEnterpriseClientRequestSchema,
    {
      defaultValues: DEFAULTS,
    },
  );

  const onSubmit = submit((values) => create.mutateAsync(values), {
    fields,
    fallbackMessage: 'Failed to add the client.',
    // A taken domain (409) belongs under the domain field, like the schema's own messages.
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 409)) return false;
      setError('domain', {
        type: 'server',
        message: errorMessage(error, 'This domain already has a client'),
      });
      return true;
    },
    onSuccess: (client) => onCreated(client),
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add client" className="grid gap-4">
      <FormMessage>{errors.root?.server?.message}</FormMessage>
      <TextField
        label="Name"
        placeholder="Acme Holdings"
        autoComplete="organization"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Domain"
        placeholder="acme.com"
        autoComplete="off"
        spellCheck={false}
        hint="Users whose e-mail address is at exactly this domain are listed as its members."
        error={errors.domain?.message}
        {...register('domain')}
      />
      <SelectField
        label="Tier"
        error={errors.tier?.message}
        options={TIER_PLANS}
        optionValue={(plan) => plan.tier}
        optionLabel={(plan) => `Tier ${plan.tier} · ${plan.name}`}
        {...register('tier', { valueAsNumber: true })}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending && <Spinner className="size-4 text-primary-foreground" label="Adding client" />}
          Add Client
        </Button>
      </div>
    </form>
  );
}
