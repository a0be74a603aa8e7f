import { useState } from 'react';
import { useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  QR_CODE_TYPES,
  createQrCodeRequestSchema,
  type CreateQrCodeInput,
  type QrCode,
  type QrCodeData,
  type QrCodeType,
} from '@contract/qr-codes';
import { Button } from '@/components/ui/button';
import { FormMessage, SelectField, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useCaseChoices } from '@/features/qr-codes/api/get-case-choices';
import { useCreateQrCode } from '@/features/qr-codes/api/create-qr-code';
import { QR_TYPE_DESCRIPTIONS, QR_TYPE_LABELS } from '@/features/qr-codes/utils/labels';
import { useApiForm } from '@/lib/use-api-form';

/** Every field of every type at once; the schema keeps only the chosen type's data. */
interface QrFormValues {
  type: QrCodeType;
  expiresAt?: string;
  data: QrCodeData;
}

// The contract's schema is a union by type; the form holds one flat shape of all its fields.
const resolver = zodResolver(createQrCodeRequestSchema) as unknown as Resolver<
  QrFormValues,
  unknown,
  CreateQrCodeInput
>;

const DEFAULTS: QrFormValues = {
  type: 'secure_channel',
  expiresAt: undefined,
  data: { channelId: '', caseId: '', emergencyCode: '' },
};

const serverFields = ['type', 'expiresAt', 'data.caseId', 'data.channelId', 'data.emergencyCode'] as const;

/** The picker's local 'YYYY-MM-DDTHH:mm' as the ISO moment the API reads; empty means no expiry. */
function toIsoMoment(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** Now, as the picker writes it, for its `min`. */
function nowLocal(): string {
  const now = new Date();
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

/** A type, an optional expiry and the data of that type, checked with contract/qr-codes.ts's schema. */
export function CreateQrCodeForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (code: QrCode) => void;
}) {
  const [minMoment] = useState(nowLocal);
  const create = useCreateQrCode();
  const {
    register,
    submit,
    control,
    formState: { errors },
  } = useApiForm(resolver, { defaultValues: DEFAULTS });
  const type = useWatch({ control, name: 'type' });
  const cases = useCaseChoices(type === 'case_access');

  const onSubmit = submit((values) => create.mutateAsync(values), {
    fields: serverFields,
    fallbackMessage: 'Failed to create the QR code.',
    onSuccess: (code) => onCreated(code),
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create QR code" className="grid gap-4">
      <FormMessage>{errors.root?.server?.message}</FormMessage>
      <SelectField
        label="Type"
        error={errors.type?.message}
        hint={QR_TYPE_DESCRIPTIONS[type]}
        options={QR_CODE_TYPES}
        optionLabel={(option) => QR_TYPE_LABELS[option]}
        {...register('type')}
      />

      {type === 'secure_channel' && (
        <TextField
          label="Channel ID (optional)"
          placeholder="ops-7"
          autoComplete="off"
          error={errors.data?.channelId?.message}
          {...register('data.channelId')}
        />
      )}
      {type === 'case_access' && (
        <SelectField
          label="Case"
          error={errors.data?.caseId?.message ?? errors.data?.message}
          hint={
            cases.isPending
              ? 'Loading your cases...'
              : cases.isError
                ? 'Your cases could not be loaded.'
                : cases.data.length === 0
                  ? 'You have no cases yet: open one on the Cases page first.'
                  : undefined
          }
          options={cases.data ?? []}
          optionValue={(choice) => choice.id}
          optionLabel={(choice) => choice.label}
          {...register('data.caseId')}
        >
          <option value="">Select a case</option>
        </SelectField>
      )}
      {type === 'emergency' && (
        <TextField
          label="Emergency code"
          placeholder="RED-42"
          autoComplete="off"
          hint="The code the holder quotes to the operations line (up to 64 characters)."
          error={errors.data?.emergencyCode?.message ?? errors.data?.message}
          {...register('data.emergencyCode')}
        />
      )}

      <TextField
        label="Expires (optional)"
        type="datetime-local"
        min={minMoment}
        hint="Leave empty for a code that works until you deactivate it."
        error={errors.expiresAt?.message}
        {...register('expiresAt', { setValueAs: toIsoMoment })}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending && (
            <Spinner className="size-4 text-primary-foreground" label="Creating QR code" />
          )}
          Create QR Code
        </Button>
      </div>
    </form>
  );
}
