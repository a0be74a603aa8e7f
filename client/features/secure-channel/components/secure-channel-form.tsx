import type { ReactNode } from 'react';
import { useWatch, type Control, type FieldError, type UseFormRegister } from 'react-hook-form';
import { LoaderCircle, ShieldAlert } from 'lucide-react';
import {
  COMMUNICATION_FREQUENCIES,
  DATA_CLASSIFICATIONS,
  ENCRYPTION_PREFERENCES,
  SECURITY_CLEARANCES,
  secureChannelRequestSchema,
  type SecureChannelReceipt,
  type SecureChannelRequestInput,
} from '@contract/secure-channel';
import { Button } from '@/components/ui/button';
import { FormField, FormMessage, FormRow, SelectField, TextField } from '@/components/ui/form-field';
import { FormLegend } from '@/components/ui/form-parts';
import { Textarea } from '@/components/ui/textarea';
import { useCreateSecureChannelRequest } from '@/features/secure-channel/api/create-secure-channel-request';
import {
  SECURE_CHANNEL_FIELD_NAMES,
  secureChannelDefaults,
  toSecureChannelRequest,
  type SecureChannelOutput,
} from '@/features/secure-channel/utils/form';
import {
  CLASSIFICATION_LABELS,
  CLEARANCE_LABELS,
  ENCRYPTION_LABELS,
  FREQUENCY_LABELS,
  SECURE_CHANNEL_MESSAGES,
} from '@/features/secure-channel/utils/options';
import { useApiForm } from '@/lib/use-api-form';

type FieldName = keyof SecureChannelRequestInput;

/** A required field's label: the asterisk is for the eye; `aria-required` on the control tells the rest. */
function Required({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <span aria-hidden="true" className="text-red-400">
        {' *'}
      </span>
    </>
  );
}

interface LongTextFieldProps {
  name: FieldName;
  label: string;
  /** The schema's minimum length; the hint counts towards it. Left out for optional fields. */
  min?: number;
  error?: FieldError;
  control: Control<SecureChannelRequestInput, unknown, SecureChannelOutput>;
  register: UseFormRegister<SecureChannelRequestInput>;
  placeholder?: string;
}

/** A textarea with its label, a running count towards the minimum length, and the schema's message. */
function LongTextField({ name, label, min, error, control, register, placeholder }: LongTextFieldProps) {
  const value = useWatch({ control, name });
  const length = typeof value === 'string' ? value.trim().length : 0;
  return (
    <FormField
      label={min ? <Required>{label}</Required> : label}
      error={error?.message}
      hint={min ? `${length} / ${min} characters minimum` : 'Optional'}
    >
      {(field) => (
        <Textarea
          rows={4}
          placeholder={placeholder}
          aria-required={min ? true : undefined}
          {...field}
          {...register(name)}
        />
      )}
    </FormField>
  );
}

interface ChoiceFieldProps<T extends string> {
  name: FieldName;
  label: string;
  placeholder: string;
  options: readonly T[];
  labels: Readonly<Record<T, string>>;
  error?: FieldError;
  register: UseFormRegister<SecureChannelRequestInput>;
}

/** A required choice with no default: the empty first option reads as a prompt, and the schema refuses it. */
function ChoiceField<T extends string>({
  name,
  label,
  placeholder,
  options,
  labels,
  error,
  register,
}: ChoiceFieldProps<T>) {
  return (
    <SelectField
      label={<Required>{label}</Required>}
      error={error?.message}
      options={options}
      optionLabel={(option) => labels[option]}
      aria-required="true"
      defaultValue=""
      {...register(name)}
    >
      <option value="" disabled>
        {placeholder}
      </option>
    </SelectField>
  );
}

/** Warns before anyone types. */
export function SecurityNotice() {
  return (
    <aside
      aria-label="Security notice"
      className="flex gap-3 rounded-md border border-warning/40 bg-warning/10 p-4 text-sm"
    >
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
      <div className="space-y-1">
        <p className="font-semibold text-warning">Security notice</p>
        <p className="text-muted-foreground">
          Unauthorised access attempts are monitored, logged and reported. Every request is verified before a
          channel is opened, and providing false information results in permanent denial of access.
        </p>
      </div>
    </aside>
  );
}

interface SecureChannelFormProps {
  onSubmitted: (receipt: SecureChannelReceipt) => void;
}

/**
 * The secure channel request, checked with the API's own schema (contract/secure-channel.ts) before it is
 * sent. On a failure everything typed stays where it is.
 */
export function SecureChannelForm({ onSubmitted }: SecureChannelFormProps) {
  const createRequest = useCreateSecureChannelRequest();
  const {
    register,
    control,
    submit,
    formState: { errors },
  } = useApiForm<SecureChannelRequestInput, SecureChannelOutput>(secureChannelRequestSchema, {
    defaultValues: secureChannelDefaults,
  });

  const onSubmit = submit((values) => createRequest.mutateAsync(toSecureChannelRequest(values)), {
    unauthorized: false,
    // The server's rules are the form's; a field it names gets its message in place, and the form says it failed.
    fields: SECURE_CHANNEL_FIELD_NAMES,
    formMessage: 'always',
    fallbackMessage: SECURE_CHANNEL_MESSAGES.failed.description,
    // A 429 says when to try again: worth more than the generic text.
    apiMessageFor: [429],
    errorToastTitle: SECURE_CHANNEL_MESSAGES.failed.title,
    successToast: SECURE_CHANNEL_MESSAGES.submitted,
    onSuccess: (receipt) => onSubmitted(receipt),
  });

  const busy = createRequest.isPending;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Secure channel request" className="grid gap-8">
      <SecurityNotice />

      <fieldset className="grid gap-4">
        <FormLegend>Identity</FormLegend>
        <FormRow>
          <TextField
            label={<Required>Full legal name</Required>}
            autoComplete="name"
            aria-required="true"
            error={errors.fullName?.message}
            {...register('fullName')}
          />
          <TextField
            label={<Required>Email address</Required>}
            type="email"
            autoComplete="email"
            aria-required="true"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label={<Required>Secure contact number</Required>}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            aria-required="true"
            error={errors.phone?.message}
            {...register('phone')}
          />
          <TextField
            label="Organization"
            autoComplete="organization"
            hint="Optional"
            error={errors.organization?.message}
            {...register('organization')}
          />
          <ChoiceField
            name="securityClearance"
            label="Security clearance level"
            placeholder="Select your clearance"
            options={SECURITY_CLEARANCES}
            labels={CLEARANCE_LABELS}
            error={errors.securityClearance}
            register={register}
          />
        </FormRow>
      </fieldset>

      <fieldset className="grid gap-4">
        <FormLegend>Access justification</FormLegend>
        <LongTextField
          name="accessPurpose"
          label="Access purpose"
          min={50}
          placeholder="Why you need a secure channel with us, and for what matter"
          error={errors.accessPurpose}
          control={control}
          register={register}
        />
        <LongTextField
          name="operationalNeed"
          label="Operational need"
          min={50}
          placeholder="What ordinary channels cannot do for you, and what is at stake"
          error={errors.operationalNeed}
          control={control}
          register={register}
        />
        <FormRow>
          <TextField
            label={<Required>Reference contact</Required>}
            placeholder="Name and number of someone who can vouch for you"
            aria-required="true"
            error={errors.referenceContact?.message}
            {...register('referenceContact')}
          />
          <TextField
            label={<Required>Emergency contact</Required>}
            placeholder="Name and number to reach if you cannot be"
            aria-required="true"
            error={errors.emergencyContact?.message}
            {...register('emergencyContact')}
          />
        </FormRow>
      </fieldset>

      <fieldset className="grid gap-4">
        <FormLegend>Channel configuration</FormLegend>
        <FormRow columns={3}>
          <ChoiceField
            name="encryptionPreference"
            label="Encryption level"
            placeholder="Select encryption"
            options={ENCRYPTION_PREFERENCES}
            labels={ENCRYPTION_LABELS}
            error={errors.encryptionPreference}
            register={register}
          />
          <ChoiceField
            name="communicationFrequency"
            label="Communication frequency"
            placeholder="Select frequency"
            options={COMMUNICATION_FREQUENCIES}
            labels={FREQUENCY_LABELS}
            error={errors.communicationFrequency}
            register={register}
          />
          <ChoiceField
            name="dataClassification"
            label="Data classification"
            placeholder="Select classification"
            options={DATA_CLASSIFICATIONS}
            labels={CLASSIFICATION_LABELS}
            error={errors.dataClassification}
            register={register}
          />
        </FormRow>
        <LongTextField
          name="complianceRequirements"
          label="Compliance requirements"
          placeholder="Regulations or internal policies the channel must meet"
          error={errors.complianceRequirements}
          control={control}
          register={register}
        />
      </fieldset>

      <div className="grid gap-3 border-t pt-6">
        <p className="text-xs text-muted-foreground">
          <span aria-hidden="true" className="text-red-400">
            *
          </span>{' '}
          Required field
        </p>
        <Button type="submit" size="lg" disabled={busy} className="w-full">
          {busy && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          {busy ? SECURE_CHANNEL_MESSAGES.submitting : SECURE_CHANNEL_MESSAGES.submit}
        </Button>
        <FormMessage>{errors.root?.server?.message}</FormMessage>
      </div>
    </form>
  );
}
