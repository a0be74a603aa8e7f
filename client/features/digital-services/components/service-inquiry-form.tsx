import { useId } from 'react';
import { Controller } from 'react-hook-form';
import type { User } from '@contract/auth';
import {
  CONTACT_PREFERENCES,
  ORGANIZATION_TYPES,
  SERVICE_BUDGET_RANGES,
  serviceInquiryRequestSchema,
  type DigitalService,
  type ServiceInquiryRequest,
} from '@contract/digital-services';
import { FormMessage, FormRow, SelectField, TextField } from '@/components/ui/form-field';
import {
  DeclarationsFieldset,
  FormActions,
  FormLegend,
  LongTextField,
  type Declaration,
} from '@/components/ui/form-parts';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { useCreateServiceInquiry } from '@/features/digital-services/api/create-service-inquiry';
import {
  budgetLabel,
  CONTACT_PREFERENCE_LABELS,
  INQUIRY_MESSAGES,
  ORGANIZATION_TYPE_LABELS,
} from '@/features/digital-services/utils/inquiry-options';
import {
  INQUIRY_FIELD_NAMES,
  inquiryDefaults,
  toInquiryRequest,
  type InquiryOutput,
} from '@/features/digital-services/utils/inquiry-form';
import { LOGIN_REQUIRED_REDIRECT_DELAY_MS } from '@/lib/constants';
import { useApiForm } from '@/lib/use-api-form';

const DECLARATIONS: readonly Declaration<ServiceInquiryRequest>[] = [
  {
    name: 'ethicalClearance',
    label: 'I confirm this request has ethical clearance within my organization.',
  },
  {
    name: 'dataProtectionCompliance',
    label: 'I confirm the results will be handled in line with applicable data protection law.',
  },
  {
    name: 'noMaliciousUse',
    label: 'I declare the results will not be used to harass, harm or unlawfully target anyone.',
  },
];

interface ServiceInquiryFormProps {
  /** The service the inquiry starts with; any of `services` may be chosen instead. */
  service: DigitalService;
  /** The services the person may ask for (within their tier). */
  services: readonly DigitalService[];
  user: Pick<User, 'email' | 'firstName' | 'lastName'> | null;
  onCancel: () => void;
  onSubmitted: () => void;
}

/**
 * Every field of a service inquiry, checked with the API's own schema (contract/digital-services.ts) before
 * anything is sent.
 */
export function ServiceInquiryForm({
  service,
  services,
  user,
  onCancel,
  onSubmitted,
}: ServiceInquiryFormProps) {
  const contactLabelId = useId();
  const createInquiry = useCreateServiceInquiry();
  const defaults = inquiryDefaults(service.id, user);
  const form = useApiForm<ServiceInquiryRequest, InquiryOutput>(serviceInquiryRequestSchema, {
    defaultValues: defaults,
  });
  const {
    register,
    control,
    submit,
    formState: { errors },
  } = form;

  const onSubmit = submit((values) => createInquiry.mutateAsync(toInquiryRequest(values)), {
    unauthorized: INQUIRY_MESSAGES.loginRequired,
    unauthorizedDelayMs: LOGIN_REQUIRED_REDIRECT_DELAY_MS,
    fields: INQUIRY_FIELD_NAMES,
    formMessage: 'unplaced',
    fallbackMessage: INQUIRY_MESSAGES.failed.description,
    // 403: the service is above the person's tier; the API says which tier it needs.
    apiMessageFor: [400, 403],
    errorToastTitle: INQUIRY_MESSAGES.failed.title,
    successToast: INQUIRY_MESSAGES.submitted,
    reset: true,
    onSuccess: onSubmitted,
  });

  const busy = createInquiry.isPending;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Service inquiry" className="grid gap-6">
      <FormMessage>{errors.root?.server?.message}</FormMessage>

      <SelectField
        label="Service"
        error={errors.serviceId?.message}
        options={services}
        optionValue={(option) => option.id}
        optionLabel={(option) => option.name}
        {...register('serviceId')}
      />

      <fieldset className="grid gap-4">
        <FormLegend>Contact</FormLegend>
        <FormRow>
          <TextField
            label="Full name"
            autoComplete="name"
            error={errors.clientName?.message}
            {...register('clientName')}
          />
          <TextField
            label="Email address"
            type="email"
            autoComplete="email"
            error={errors.clientEmail?.message}
            {...register('clientEmail')}
          />
          <TextField
            label="Phone number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            error={errors.clientPhone?.message}
            {...register('clientPhone')}
          />
          <TextField
            label="Organization"
            autoComplete="organization"
            hint="Optional"
            error={errors.organizationName?.message}
            {...register('organizationName')}
          />
          <SelectField
            label="Organization type"
            error={errors.organizationType?.message}
            options={ORGANIZATION_TYPES}
            optionLabel={(type) => ORGANIZATION_TYPE_LABELS[type]}
            {...register('organizationType')}
          />
          <TextField
            label="Preferred meeting time"
            placeholder="e.g. weekdays after 3 pm IST"
            hint="Optional"
            error={errors.preferredMeetingTime?.message}
            {...register('preferredMeetingTime')}
          />
        </FormRow>
        <div className="grid gap-2">
          <p id={contactLabelId} className="text-sm leading-none font-medium">
            Contact preference
          </p>
          <Controller
            control={control}
            name="contactPreference"
            render={({ field }) => (
              <RadioGroup
                aria-labelledby={contactLabelId}
                value={field.value}
                onValueChange={field.onChange}
                className="grid-cols-3 gap-2"
              >
                {CONTACT_PREFERENCES.map((preference) => {
                  const id = `${contactLabelId}-${preference}`;
                  return (
                    <Label
                      key={preference}
                      htmlFor={id}
                      className="flex cursor-pointer items-center gap-2 rounded-md border bg-surface px-3 py-2.5 font-normal transition-colors hover:border-primary/60 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5"
                    >
                      <RadioGroupItem id={id} value={preference} />
                      {CONTACT_PREFERENCE_LABELS[preference]}
                    </Label>
                  );
                })}
              </RadioGroup>
            )}
          />
          {errors.contactPreference?.message && (
            <p className="text-xs font-medium text-red-400">{errors.contactPreference.message}</p>
          )}
        </div>
      </fieldset>

      <fieldset className="grid gap-4">
        <FormLegend>Requirements</FormLegend>
        <LongTextField
          name="serviceDescription"
          label="Service description"
          min={50}
          rows={4}
          placeholder="What do you need, about whom or what, and what decision will it inform?"
          form={form}
        />
        <LongTextField
          name="technicalRequirements"
          label="Technical requirements"
          min={20}
          placeholder="Formats, integrations, languages, reporting cadence..."
          form={form}
        />
        <LongTextField
          name="dataScope"
          label="Data scope"
          min={30}
          placeholder="Sources, regions and time period to cover"
          form={form}
        />
        <FormRow>
          <TextField
            label="Delivery timeframe"
            placeholder="e.g. within 2 weeks"
            error={errors.deliveryTimeframe?.message}
            {...register('deliveryTimeframe')}
          />
          <SelectField
            label="Budget range"
            error={errors.budgetRange?.message}
            options={SERVICE_BUDGET_RANGES}
            optionLabel={budgetLabel}
            {...register('budgetRange')}
          />
        </FormRow>
        <LongTextField name="securityRequirements" label="Security requirements" rows={2} form={form} />
        <LongTextField name="complianceNeeds" label="Compliance needs" rows={2} form={form} />
      </fieldset>

      <fieldset className="grid gap-4">
        <FormLegend>Justification and data handling</FormLegend>
        <LongTextField name="businessJustification" label="Business justification" min={50} form={form} />
        <LongTextField
          name="intendedUse"
          label="Intended use"
          min={40}
          placeholder="Who will read the results, and what they will do with them"
          form={form}
        />
        <LongTextField
          name="dataHandling"
          label="Data handling"
          min={30}
          placeholder="How the results will be stored, shared and deleted"
          form={form}
        />
        <LongTextField
          name="legalBasis"
          label="Legal basis"
          min={30}
          placeholder="e.g. legitimate interest in pre-contract due diligence under the DPDP Act"
          form={form}
        />
      </fieldset>

      <DeclarationsFieldset form={form} declarations={DECLARATIONS} />

      <FormActions
        busy={busy}
        onCancel={onCancel}
        submitLabel="Submit Inquiry"
        busyLabel="Submitting inquiry"
      />
    </form>
  );
}
