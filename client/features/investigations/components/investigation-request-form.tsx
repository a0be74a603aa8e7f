import { useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
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
import { Button } from '@/components/ui/button';
import { FormField, FormMessage, TextField } from '@/components/ui/form-field';
import { Checkbox, CheckboxField, FormLegend, LongTextField } from '@/components/ui/form-parts';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
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
import { ApiError, errorMessage, handleUnauthorizedError } from '@/lib/api-client';
import { formatINR } from '@/lib/format';

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

interface InvestigationRequestFormProps {
  /** The services the person may request (within their tier), in catalogue order. */
  services: readonly InvestigationCatalogEntry[];
  /** The service chosen first; the first of `services` when left out. */
  initialServiceType?: InvestigationCatalogEntry['id'];
  user: Pick<User, 'firstName' | 'lastName'> | null;
  onCancel: () => void;
  onSubmitted: () => void;
}

/** Every field of spec 5.4 (confidentiality level has none), checked with the API's own schema before sending. */
export function InvestigationRequestForm({
  services,
  initialServiceType,
  user,
  onCancel,
  onSubmitted,
}: InvestigationRequestFormProps) {
  const createInvestigation = useCreateInvestigation();
  const defaults = requestDefaults(initialServiceType ?? services[0]?.id, user);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<InvestigationRequestInput, unknown, InvestigationRequestValues>({
    resolver: zodResolver(investigationRequestSchema),
    defaultValues: defaults,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await createInvestigation.mutateAsync(toInvestigationRequest(values));
    } catch (error) {
      if (handleUnauthorizedError(error, INVESTIGATION_MESSAGES.loginRequired)) return;
      if (error instanceof ApiError && error.status === 400 && error.body?.issues?.length) {
        const issues = error.body.issues;
        const placed = issues.filter((issue) => {
          const field = REQUEST_FIELD_NAMES.find((name) => name === issue.path);
          if (field) setError(field, { type: 'server', message: issue.message }, { shouldFocus: true });
          return Boolean(field);
        });
        if (placed.length < issues.length) {
          setError('root.server', {
            type: 'server',
            message: errorMessage(error, INVESTIGATION_MESSAGES.failed.description),
          });
        }
        return;
      }
      // 403: the service is above the person's tier; the API says which tier it needs.
      const description =
        error instanceof ApiError && error.status === 403
          ? errorMessage(error, INVESTIGATION_MESSAGES.failed.description)
          : INVESTIGATION_MESSAGES.failed.description;
      setError('root.server', { type: 'server', message: description });
      toast({ variant: 'destructive', ...INVESTIGATION_MESSAGES.failed });
      return;
    }
    toast(INVESTIGATION_MESSAGES.submitted);
    reset();
    onSubmitted();
  });

  const busy = createInvestigation.isPending;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Investigation request" className="grid gap-6">
      <FormMessage>{errors.root?.server?.message}</FormMessage>

      <fieldset className="grid gap-4">
        <FormLegend>Service</FormLegend>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Service type" error={errors.serviceType?.message}>
            {(field) => (
              <NativeSelect {...field} {...register('serviceType')}>
                {services.map((service) => (
                  <option key={service.id} value={service.id}>
                    {service.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label="Priority" error={errors.priority?.message}>
            {(field) => (
              <NativeSelect {...field} {...register('priority')}>
                {INVESTIGATION_PRIORITIES.map((priority) => (
                  <option key={priority} value={priority}>
                    {priorityOptionLabel(priority)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        </div>
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
          error={errors.description}
          control={control}
          register={register}
        />
      </fieldset>

      <fieldset className="grid gap-4">
        <FormLegend>Client</FormLegend>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Client type" error={errors.clientType?.message}>
            {(field) => (
              <NativeSelect {...field} {...register('clientType')}>
                {INVESTIGATION_CLIENT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {CLIENT_TYPE_LABELS[type]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
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
        </div>
      </fieldset>

      <fieldset className="grid gap-4">
        <FormLegend>Legal basis</FormLegend>
        <LongTextField
          name="legalBasis"
          label="Legal basis"
          min={20}
          placeholder="e.g. written consent of the subject; pending civil litigation"
          error={errors.legalBasis}
          control={control}
          register={register}
        />
        <CheckboxField label="A court order covers this investigation." error={errors.courtOrder?.message}>
          {(props) => <Checkbox {...props} {...register('courtOrder')} />}
        </CheckboxField>
        <div className="grid gap-4 sm:grid-cols-3">
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
        </div>
      </fieldset>

      <fieldset className="grid gap-4">
        <FormLegend>Scope</FormLegend>
        <LongTextField
          name="targetInformation"
          label="Target information"
          min={30}
          placeholder="Who or what is to be investigated, and what you already know"
          error={errors.targetInformation}
          control={control}
          register={register}
        />
        <LongTextField
          name="jurisdictionConcerns"
          label="Jurisdiction concerns"
          rows={2}
          error={errors.jurisdictionConcerns}
          control={control}
          register={register}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Expected timeframe"
            placeholder="e.g. within 3 weeks"
            error={errors.expectedTimeframe?.message}
            {...register('expectedTimeframe')}
          />
          <FormField label="Budget range" error={errors.budgetRange?.message}>
            {(field) => (
              <NativeSelect {...field} {...register('budgetRange')}>
                {INVESTIGATION_BUDGET_RANGES.map((range) => (
                  <option key={range} value={range}>
                    {budgetLabel(range)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label="Sensitivity level" error={errors.sensitivityLevel?.message}>
            {(field) => (
              <NativeSelect {...field} {...register('sensitivityLevel')}>
                {SENSITIVITY_LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {SENSITIVITY_LABELS[level]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <LongTextField
            name="riskFactors"
            label="Risk factors"
            rows={2}
            error={errors.riskFactors}
            control={control}
            register={register}
          />
          <LongTextField
            name="previousInvestigations"
            label="Previous investigations"
            rows={2}
            error={errors.previousInvestigations}
            control={control}
            register={register}
          />
          <LongTextField
            name="dataRetentionRequirements"
            label="Data retention requirements"
            rows={2}
            error={errors.dataRetentionRequirements}
            control={control}
            register={register}
          />
          <LongTextField
            name="reportingRequirements"
            label="Reporting requirements"
            rows={2}
            error={errors.reportingRequirements}
            control={control}
            register={register}
          />
        </div>
      </fieldset>

      <fieldset className="grid gap-3 rounded-md border bg-surface p-4">
        <FormLegend>Declarations</FormLegend>
        <CheckboxField
          label="I declare this investigation serves a lawful purpose."
          error={errors.lawfulPurposeDeclaration?.message}
        >
          {(props) => <Checkbox {...props} {...register('lawfulPurposeDeclaration')} />}
        </CheckboxField>
        <CheckboxField
          label="I declare the results will not be used to harass, stalk or intimidate anyone."
          error={errors.noHarassmentDeclaration?.message}
        >
          {(props) => <Checkbox {...props} {...register('noHarassmentDeclaration')} />}
        </CheckboxField>
        <CheckboxField
          label="I agree to the compliance requirements, including privacy and data protection law."
          error={errors.complianceAgreement?.message}
        >
          {(props) => <Checkbox {...props} {...register('complianceAgreement')} />}
        </CheckboxField>
      </fieldset>

      <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy && <Spinner className="text-primary-foreground" label="Submitting request" />}
          Submit Request
        </Button>
      </div>
    </form>
  );
}
