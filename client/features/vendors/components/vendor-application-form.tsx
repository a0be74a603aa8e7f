import { Controller, useWatch } from 'react-hook-form';
import type { User } from '@contract/auth';
import {
  VENDOR_BUSINESS_TYPES,
  vendorApplicationRequestSchema,
  type VendorApplicationRequest,
} from '@contract/vendors';
import { FormField, FormMessage, FormRow, SelectField, TextField } from '@/components/ui/form-field';
import { FormActions } from '@/components/ui/form-parts';
import { Textarea } from '@/components/ui/textarea';
import { useCreateVendorApplication } from '@/features/vendors/api/create-vendor-application';
import { CertificationsInput } from '@/features/vendors/components/certifications-input';
import {
  APPLICATION_FIELD_NAMES,
  applicationDefaults,
  type ApplicationOutput,
} from '@/features/vendors/utils/application-form';
import { VENDOR_MESSAGES } from '@/features/vendors/utils/messages';
import { BUSINESS_TYPE_LABELS } from '@/features/vendors/utils/status';
import { useApiForm } from '@/lib/use-api-form';

const DESCRIPTION_MIN = 50;

interface VendorApplicationFormProps {
  user: Pick<User, 'email'> | null;
  onCancel: () => void;
  onSubmitted: () => void;
}

/** The vendor application's fields, checked with contract/vendors.ts's schema before anything is sent. */
export function VendorApplicationForm({ user, onCancel, onSubmitted }: VendorApplicationFormProps) {
  const createApplication = useCreateVendorApplication();
  const {
    register,
    control,
    submit,
    formState: { errors },
  } = useApiForm<VendorApplicationRequest, ApplicationOutput>(vendorApplicationRequestSchema, {
    defaultValues: applicationDefaults(user),
  });
  const description = useWatch({ control, name: 'description' }) ?? '';

  const onSubmit = submit((values) => createApplication.mutateAsync(values), {
    // A lost session: 'Authentication Required', then /api/login after 0.5 s.
    unauthorized: VENDOR_MESSAGES.loginRequired,
    fields: (path) => APPLICATION_FIELD_NAMES.find((name) => name === path.split('.')[0]),
    formMessage: 'unplaced',
    fallbackMessage: VENDOR_MESSAGES.failed.description,
    // 409: an application is already pending or approved; the API says so.
    apiMessageFor: [409],
    errorToastTitle: VENDOR_MESSAGES.failed.title,
    successToast: VENDOR_MESSAGES.submitted,
    reset: true,
    onSuccess: onSubmitted,
  });

  const busy = createApplication.isPending;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Vendor application" className="grid gap-4">
      <FormMessage>{errors.root?.server?.message}</FormMessage>
      <FormRow>
        <TextField
          label="Company name"
          autoComplete="organization"
          error={errors.companyName?.message}
          {...register('companyName')}
        />
        <SelectField
          label="Business type"
          error={errors.businessType?.message}
          options={VENDOR_BUSINESS_TYPES}
          optionLabel={(type) => BUSINESS_TYPE_LABELS[type]}
          {...register('businessType')}
        >
          <option value="">Select a business type</option>
        </SelectField>
        <TextField
          label="Contact email"
          type="email"
          autoComplete="email"
          error={errors.contactEmail?.message}
          {...register('contactEmail')}
        />
        <TextField
          label="Phone number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
      </FormRow>
      <FormField
        label="Business description"
        error={errors.description?.message}
        hint={`${description.trim().length} / ${DESCRIPTION_MIN} characters minimum`}
      >
        {(field) => (
          <Textarea
            rows={4}
            placeholder="What you make or sell, for whom, and your experience with security equipment"
            {...field}
            {...register('description')}
          />
        )}
      </FormField>
      <Controller
        control={control}
        name="certifications"
        render={({ field }) => (
          <FormField
            label="Certifications"
            hint="Optional. Press Enter or type a comma after each one."
            error={errors.certifications?.message ?? errors.certifications?.[0]?.message}
          >
            {(control) => (
              <CertificationsInput
                {...control}
                value={field.value ?? []}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          </FormField>
        )}
      />
      <FormActions
        busy={busy}
        onCancel={onCancel}
        submitLabel="Submit Application"
        busyLabel="Submitting application"
      />
    </form>
  );
}
