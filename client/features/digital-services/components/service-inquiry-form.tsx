import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@contract/auth';
import {
  CONTACT_PREFERENCES,
  ORGANIZATION_TYPES,
  SERVICE_BUDGET_RANGES,
  serviceInquiryRequestSchema,
  type DigitalService,
  type ServiceInquiryRequest,
} from '@contract/digital-services';
import { Button } from '@/components/ui/button';
import { FormField, FormMessage, TextField } from '@/components/ui/form-field';
import { Checkbox, CheckboxField, FormLegend, LongTextField } from '@/components/ui/form-parts';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
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
import { ApiError, errorMessage, handleUnauthorizedError } from '@/lib/api-client';
import { LOGIN_REQUIRED_REDIRECT_DELAY_MS } from '@/lib/constants';

interface ServiceInquiryFormProps {
  /** The service the inquiry starts with; any of `services` may be chosen instead. */
  service: DigitalService;
  /** The services the person may ask for (within their tier). */
  services: readonly DigitalService[];
  user: Pick<User, 'email' | 'firstName' | 'lastName'> | null;
  onCancel: () => void;
  onSubmitted: () => void;
}

/** Every field of spec 5.2, checked with the API's own schema before anything is sent. */
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
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ServiceInquiryRequest, unknown, InquiryOutput>({
    resolver: zodResolver(serviceInquiryRequestSchema),
    defaultValues: defaults,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await createInquiry.mutateAsync(toInquiryRequest(values));
    } catch (error) {
      if (
        handleUnauthorizedError(error, INQUIRY_MESSAGES.loginRequired, {
          delayMs: LOGIN_REQUIRED_REDIRECT_DELAY_MS,
        })
      ) {
        return;
      }
      if (error instanceof ApiError && error.status === 400 && error.body?.issues?.length) {
        const issues = error.body.issues;
        const placed = issues.filter((issue) => {
          const field = INQUIRY_FIELD_NAMES.find((name) => name === issue.path);
          if (field) setError(field, { type: 'server', message: issue.message }, { shouldFocus: true });
          return Boolean(field);
        });
        if (placed.length < issues.length) {
          setError('root.server', {
            type: 'server',
            message: errorMessage(error, INQUIRY_MESSAGES.failed.description),
          });
        }
        return;
      }
      // 403: the service is above the person's tier; the API says which tier it needs.
      const description =
        error instanceof ApiError && error.status === 403
          ? errorMessage(error, INQUIRY_MESSAGES.failed.description)
          : INQUIRY_MESSAGES.failed.description;
      setError('root.server', { type: 'server', message: description });
      toast({ variant: 'destructive', title: INQUIRY_MESSAGES.failed.title, description });
      return;
    }
    toast(INQUIRY_MESSAGES.submitted);
    reset();
    onSubmitted();
  });

  const busy = createInquiry.isPending;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Service inquiry" className="grid gap-6">
      <FormMessage>{errors.root?.server?.message}</FormMessage>

      <FormField label="Service" error={errors.serviceId?.message}>
        {(field) => (
          <NativeSelect {...field} {...register('serviceId')}>
            {services.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>

      <fieldset className="grid gap-4">
        <FormLegend>Contact</FormLegend>
        <div className="grid gap-4 sm:grid-cols-2">
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
          <FormField label="Organization type" error={errors.organizationType?.message}>
            {(field) => (
              <NativeSelect {...field} {...register('organizationType')}>
                {ORGANIZATION_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {ORGANIZATION_TYPE_LABELS[type]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <TextField
            label="Preferred meeting time"
            placeholder="e.g. weekdays after 3 pm IST"
            hint="Optional"
            error={errors.preferredMeetingTime?.message}
            {...register('preferredMeetingTime')}
          />
        </div>
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
          error={errors.serviceDescription}
          control={control}
          register={register}
        />
        <LongTextField
          name="technicalRequirements"
          label="Technical requirements"
          min={20}
          placeholder="Formats, integrations, languages, reporting cadence..."
          error={errors.technicalRequirements}
          control={control}
          register={register}
        />
        <LongTextField
          name="dataScope"
          label="Data scope"
          min={30}
          placeholder="Sources, regions and time period to cover"
          error={errors.dataScope}
          control={control}
          register={register}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Delivery timeframe"
            placeholder="e.g. within 2 weeks"
            error={errors.deliveryTimeframe?.message}
            {...register('deliveryTimeframe')}
          />
          <FormField label="Budget range" error={errors.budgetRange?.message}>
            {(field) => (
              <NativeSelect {...field} {...register('budgetRange')}>
                {SERVICE_BUDGET_RANGES.map((range) => (
                  <option key={range} value={range}>
                    {budgetLabel(range)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        </div>
        <LongTextField
          name="securityRequirements"
          label="Security requirements"
          rows={2}
          error={errors.securityRequirements}
          control={control}
          register={register}
        />
        <LongTextField
          name="complianceNeeds"
          label="Compliance needs"
          rows={2}
          error={errors.complianceNeeds}
          control={control}
          register={register}
        />
      </fieldset>

      <fieldset className="grid gap-4">
        <FormLegend>Justification and data handling</FormLegend>
        <LongTextField
          name="businessJustification"
          label="Business justification"
          min={50}
          error={errors.businessJustification}
          control={control}
          register={register}
        />
        <LongTextField
          name="intendedUse"
          label="Intended use"
          min={40}
          placeholder="Who will read the results, and what they will do with them"
          error={errors.intendedUse}
          control={control}
          register={register}
        />
        <LongTextField
          name="dataHandling"
          label="Data handling"
          min={30}
          placeholder="How the results will be stored, shared and deleted"
          error={errors.dataHandling}
          control={control}
          register={register}
        />
        <LongTextField
          name="legalBasis"
          label="Legal basis"
          min={30}
          placeholder="e.g. legitimate interest in pre-contract due diligence under the DPDP Act"
          error={errors.legalBasis}
          control={control}
          register={register}
        />
      </fieldset>

      <fieldset className="grid gap-3 rounded-md border bg-surface p-4">
        <FormLegend>Declarations</FormLegend>
        <CheckboxField
          label="I confirm this request has ethical clearance within my organization."
          error={errors.ethicalClearance?.message}
        >
          {(props) => <Checkbox {...props} {...register('ethicalClearance')} />}
        </CheckboxField>
        <CheckboxField
          label="I confirm the results will be handled in line with applicable data protection law."
          error={errors.dataProtectionCompliance?.message}
        >
          {(props) => <Checkbox {...props} {...register('dataProtectionCompliance')} />}
        </CheckboxField>
        <CheckboxField
          label="I declare the results will not be used to harass, harm or unlawfully target anyone."
          error={errors.noMaliciousUse?.message}
        >
          {(props) => <Checkbox {...props} {...register('noMaliciousUse')} />}
        </CheckboxField>
      </fieldset>

      <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy && <Spinner className="text-primary-foreground" label="Submitting inquiry" />}
          Submit Inquiry
        </Button>
      </div>
    </form>
  );
}
