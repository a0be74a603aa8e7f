import { useWatch } from 'react-hook-form';
import { Plus } from 'lucide-react';
import type { z } from 'zod';
import {
  createIntegrationRequestSchema,
  INTEGRATION_TYPE_LABELS,
  INTEGRATION_TYPES,
  type CreatedIntegration,
  type IntegrationType,
} from '@contract/integrations';
import { Button } from '@/components/ui/button';
import { FormMessage, SelectField, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useCreateIntegration } from '@/features/integrations/api/create-integration';
import { useApiForm } from '@/lib/use-api-form';

type FormInput = z.input<typeof createIntegrationRequestSchema>;
type FormOutput = z.output<typeof createIntegrationRequestSchema>;

const fields = ['type', 'name', 'config.url', 'config.token', 'config.channel'] as const;

/** What each type asks for, in the words its service uses. */
const TYPE_HINTS: Record<IntegrationType, string> = {
  slack: 'Posts to a Slack channel through an incoming webhook.',
  discord: 'Posts to a Discord channel through a channel webhook.',
  telegram: 'Sends through your Telegram bot to a chat, group or channel it belongs to.',
  webhook: 'POSTs signed JSON ({event, data, sentAt}) to your own endpoint.',
};

/** The Add Integration form: the fields change with the type; the contract's schema checks them here and on the server. */
export function IntegrationForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: CreatedIntegration) => void;
  onCancel: () => void;
}) {
  const create = useCreateIntegration();
  const {
    register,
    submit,
    control,
    formState: { errors },
  } = useApiForm<FormInput, FormOutput>(createIntegrationRequestSchema, {
    // A field the chosen type does not show is not sent (a Slack URL typed before switching to Telegram).
    shouldUnregister: true,
    defaultValues: { type: 'slack', name: '', config: { url: '', token: '', channel: '' } },
  });
  const type = useWatch({ control, name: 'type' });

  const onSubmit = submit((values) => create.mutateAsync(values), {
    fields,
    fallbackMessage: 'Failed to add the integration.',
    onSuccess: (created) => onCreated(created),
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add integration" className="grid gap-5">
      <FormMessage>{errors.root?.server?.message}</FormMessage>
      <SelectField
        label="Type"
        error={errors.type?.message}
        hint={TYPE_HINTS[type]}
        options={INTEGRATION_TYPES}
        optionLabel={(value) => INTEGRATION_TYPE_LABELS[value]}
        {...register('type')}
      />
      <TextField
        label="Name"
        placeholder="Ops alerts"
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      {type !== 'telegram' && (
        <TextField
          key={`${type}-url`}
          label={type === 'webhook' ? 'Endpoint URL' : 'Webhook URL'}
          type="url"
          autoComplete="off"
          placeholder={
            type === 'slack'
              ? 'https://hooks.slack.com/services/…'
              : type === 'discord'
                ? 'https://discord.com/api/webhooks/…'
                : 'https://example.com/hooks/intel'
          }
          hint="Kept encrypted; shown masked afterwards."
          error={errors.config?.url?.message}
          {...register('config.url')}
        />
      )}
      {type === 'telegram' && (
        <>
          <TextField
            key="telegram-token"
            label="Bot token"
            autoComplete="off"
            placeholder="123456789:AAE…"
            hint="From @BotFather. Kept encrypted; shown masked afterwards."
            error={errors.config?.token?.message}
            {...register('config.token')}
          />
          <TextField
            key="telegram-channel"
            label="Chat id"
            autoComplete="off"
            placeholder="-1001234567890 or @channel"
            error={errors.config?.channel?.message}
            {...register('config.channel')}
          />
        </>
      )}
      {type === 'webhook' && (
        <TextField
          key="webhook-token"
          label="Signing secret (optional)"
          autoComplete="off"
          hint="Leave empty and one is made for you, shown once."
          error={errors.config?.token?.message}
          {...register('config.token')}
        />
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? (
            <Spinner className="text-primary-foreground" label="Adding integration" />
          ) : (
            <Plus aria-hidden="true" />
          )}
          Add Integration
        </Button>
      </div>
    </form>
  );
}
