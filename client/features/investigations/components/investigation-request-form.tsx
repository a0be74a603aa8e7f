import { useWatch, type Control } from 'react-hook-form';
import type { User } from '@contract/auth';
import {
  INVESTIGATION_BUDGET_RANGES,
  INVESTIGATION_CLIENT_TYPES,
  INVESTIGATION_PRIORITIES,
  investigationRequestSchema,
  SENSITIVITY_LEVELS,
  type InvestigationCatalogEntry,
  type InvestigationRequestInput,
  type InvestigationRequestValues,
} from '@contract/investigations';
import { FormMessage, FormRow, SelectField, TextField } from '@/components/ui/form-field';
import {
  Checkbox,
  CheckboxField,
  DeclarationsFieldset,
  FormActions,
  FormLegend,
  LongTextField,
  type Declaration,
} from '@/components/ui/form-parts';
import { ShareWithOrganizationField } from '@/components/ui/organization-sharing';
import { useCreateInvestigation } from '@/features/investigations/api/create-investigation';
import {
  budgetLabel,
  CLIENT_TYPE_LABELS,
  INVESTIGATION_MESSAGES,
  priorityOptionLabel,
  SENSITIVITY_LABELS,
} from '@/features/investigations/utils/options';
import {
  previewEstimate,
  REQUEST_FIELD_NAMES,
  requestDefaults,
  toInvestigationRequest,
} from '@/features/investigations/utils/request-form';
import { formatINR } from '@/lib/format';
import { useApiForm } from '@/lib/use-api-form';

type FormControl = Control<InvestigationRequestInput, unknown, InvestigationRequestValues>;

/** The estimate the chosen service and priority lead to, as the server will compute it. */
function EstimatePreview({
  control,
  services,
}: {
  control: FormControl;
  services: readonly InvestigationCatalogEntry[];
}) {
  const serviceType = useWatch({ control, name: 'serviceType' });
  const priority = useWatch({ control, name: 'priority' }) ?? 'STANDARD';
  const service = services.find((entry) => entry.id === serviceType);
  const estimate = service ? previewEstimate(service.basePrice, priority) : null;
  if (!service || estimate === null) return null;
  return (
    <p
      data-testid="estimate-preview"
      className="rounded-md border bg-surface px-3 py-2 text-sm text-muted-foreground"
    >
      Estimated cost from{' '}
      <span className="font-mono font-semibold text-foreground">{formatINR(estimate)}</span>
      <span className="text-xs">
        {' '}
        · {service.pricing}, {service.deliveryTime}
      </span>
    </p>
  );
}

const DECLARATIONS: readonly Declaration<InvestigationRequestInput>[] = [
  { name: 'lawfulPurposeDeclaration', label: 'I declare this investigation serves a lawful purpose.' },
  {
    name: 'noHarassmentDeclaration',
    label: 'I declare the results will not be used to harass, stalk or intimidate anyone.',
  },
  {
    name: 'complianceAgreement',
    label: 'I agree to the compliance requirements, including privacy and data protection law.',
  },
];

interface InvestigationRequestFormProps {
  /** The services the person may request (within their tier), in catalogue order. */
  services: readonly InvestigationCatalogEntry[];
  /** The service chosen first; the first of `services` when left out. */
  initialServiceType?: InvestigationCatalogEntry['id'];
  user: (Pick<User, 'firstName' | 'lastName'> & Partial<Pick<User, 'organization'>>) | null;
  onCancel: () => void;
  onSubmitted: () => void;
}

/**
 * Every field of an investigation request (confidentiality level has no control), checked with the API's own
 * schema (contract/investigations.ts) before sending.
 */
export function InvestigationRequestForm({
  services,
  initialServiceType,
  user,
  onCancel,
  onSubmitted,
}: InvestigationRequestFormProps) {
  const createInvestigation = useCreateInvestigation();
  const defaults = requestDefaults(initialServiceType ?? services[0]?.id, user);
  const form = useApiForm<InvestigationRequestInput, InvestigationRequestValues>(investigationRequestSchema, {
    defaultValues: defaults,
  });
  const {
    register,
    control,
    submit,
    watch,
    setValue,
    formState: { errors },
  } = form;

  const onSubmit = submit((values) => createInvestigation.mutateAsync(toInvestigationRequest(values)), {
    unauthorized: INVESTIGATION_MESSAGES.loginRequired,
    fields: REQUEST_FIELD_NAMES,
    formMessage: 'unplaced',
    fallbackMessage: INVESTIGATION_MESSAGES.failed.description,
    // 403: the service is above the person's tier; the API says which tier it needs.
    apiMessageFor: [400, 403],
    // The toast keeps the generic text; the form says what the API said.
    errorToast: INVESTIGATION_MESSAGES.failed,
    successToast: INVESTIGATION_MESSAGES.submitted,
    reset: true,
    onSuccess: onSubmitted,
  });

  const busy = createInvestigation.isPending;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Investigation request" className="grid gap-6">
      <FormMessage>{errors.root?.server?.message}</FormMessage>

      <fieldset className="grid gap-4">
        <FormLegend>Service</FormLegend>
        <FormRow>
          <SelectField
            label="Service type"
            error={errors.serviceType?.message}
            options={services}
            optionValue={(service) => service.id}
            optionLabel={(service) => service.name}
            {...register('serviceType')}
          />
          <SelectField
            label="Priority"
            error={errors.priority?.message}
            options={INVESTIGATION_PRIORITIES}
            optionLabel={priorityOptionLabel}
            {...register('priority')}
          />
        </FormRow>
        <EstimatePreview control={control} services={services} />
        <TextField
          label="Subject"
          placeholder="e.g. Pre-employment verification of a senior hire"
          error={errors.subject?.message}
          {...register('subject')}
        />
        <LongTextField
          name="description"
          label="Description"
          min={50}
          rows={4}
          placeholder="What you need established, and the decision it will inform"
          form={form}
        />
      </fieldset>

      <fieldset className="grid gap-4">
        <FormLegend>Client</FormLegend>
        <FormRow>
          <SelectField
            label="Client type"
            error={errors.clientType?.message}
            options={INVESTIGATION_CLIENT_TYPES}
            optionLabel={(type) => CLIENT_TYPE_LABELS[type]}
            {...register('clientType')}
          />
          <TextField
            label="Organization"
            autoComplete="organization"
            hint="Optional"
            error={errors.organizationName?.message}
            {...register('organizationName')}
          />
          <TextField
            label="Authorized representative"
            autoComplete="name"
            error={errors.authorizedRepresentative?.message}
            {...register('authorizedRepresentative')}
          />
          <TextField
            label="Representative title"
            autoComplete="organization-title"
            hint="Optional"
            error={errors.representativeTitle?.message}
            {...register('representativeTitle')}
          />
        </FormRow>
      </fieldset>

      <fieldset className="grid gap-4">
        <FormLegend>Legal basis</FormLegend>
        <LongTextField
          name="legalBasis"
          label="Legal basis"
          min={20}
          placeholder="e.g. written consent of the subject; pending civil litigation"
          form={form}
        />
        <CheckboxField label="A court order covers this investigation." error={errors.courtOrder?.message}>
          {(props) => <Checkbox {...props} {...register('courtOrder')} />}
        </CheckboxField>
        <FormRow columns={3}>
          <TextField
            label="Court order number"
            hint="Optional"
            error={errors.courtOrderNumber?.message}
            {...register('courtOrderNumber')}
          />
          <TextField
            label="Attorney name"
            hint="Optional"
            error={errors.attorneyName?.message}
            {...register('attorneyName')}
          />
          <TextField
            label="Bar number"
            hint="Optional"
            error={errors.barNumber?.message}
            {...register('barNumber')}
          />
        </FormRow>
      </fieldset>

      <fieldset className="grid gap-4">
        <FormLegend>Scope</FormLegend>
        <LongTextField
          name="targetInformation"
          label="Target information"
          min={30}
          placeholder="Who or what is to be investigated, and what you already know"
          form={form}
        />
        <LongTextField name="jurisdictionConcerns" label="Jurisdiction concerns" rows={2} form={form} />
        <FormRow columns={3}>
          <TextField
            label="Expected timeframe"
            placeholder="e.g. within 3 weeks"
            error={errors.expectedTimeframe?.message}
            {...register('expectedTimeframe')}
          />
          <SelectField
            label="Budget range"
            error={errors.budgetRange?.message}
            options={INVESTIGATION_BUDGET_RANGES}
            optionLabel={budgetLabel}
            {...register('budgetRange')}
          />
          <SelectField
            label="Sensitivity level"
            error={errors.sensitivityLevel?.message}
            options={SENSITIVITY_LEVELS}
            optionLabel={(level) => SENSITIVITY_LABELS[level]}
            {...register('sensitivityLevel')}
          />
        </FormRow>
        <FormRow>
          <LongTextField name="riskFactors" label="Risk factors" rows={2} form={form} />
          <LongTextField name="previousInvestigations" label="Previous investigations" rows={2} form={form} />
          <LongTextField
            name="dataRetentionRequirements"
            label="Data retention requirements"
            rows={2}
            form={form}
          />
          <LongTextField name="reportingRequirements" label="Reporting requirements" rows={2} form={form} />
        </FormRow>
      </fieldset>

      {user?.organization && (
        <ShareWithOrganizationField
          organizationName={user.organization.name}
          visibility={watch('visibility')}
          onChange={(visibility) => setValue('visibility', visibility)}
          error={errors.visibility?.message}
        />
      )}

      <DeclarationsFieldset form={form} declarations={DECLARATIONS} />

      <FormActions
        busy={busy}
        onCancel={onCancel}
        submitLabel="Submit Request"
        busyLabel="Submitting request"
      />
    </form>
  );
}
