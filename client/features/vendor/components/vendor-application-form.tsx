import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@contract/auth';
import {
  VENDOR_BUSINESS_TYPES,
  vendorApplicationRequestSchema,
  type VendorApplicationRequest,
} from '@contract/vendor';
import { Button } from '@/components/ui/button';
import { FormField, FormMessage, TextField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useCreateVendorApplication } from '@/features/vendor/api/create-vendor-application';
import { CertificationsInput } from '@/features/vendor/components/certifications-input';
import {
  APPLICATION_FIELD_NAMES,
  applicationDefaults,
  type ApplicationOutput,
} from '@/features/vendor/utils/application-form';
import { VENDOR_MESSAGES } from '@/features/vendor/utils/messages';
import { BUSINESS_TYPE_LABELS } from '@/features/vendor/utils/status';
import { ApiError, errorMessage, handleUnauthorizedError } from '@/lib/api-client';

const DESCRIPTION_MIN = 50;

interface VendorApplicationFormProps {
  user: Pick<User, 'email'> | null;
  onCancel: () => void;
  onSubmitted: () => void;
}

/** Spec 5.3's fields, checked with the API's own schema before anything is sent. */
export function VendorApplicationForm({ user, onCancel, onSubmitted }: VendorApplicationFormProps) {
  const createApplication = useCreateVendorApplication();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<VendorApplicationRequest, unknown, ApplicationOutput>({
    resolver: zodResolver(vendorApplicationRequestSchema),
    defaultValues: applicationDefaults(user),
  });
  const description = useWatch({ control, name: 'description' }) ?? '';

  const onSubmit = handleSubmit(async (values) => {
    try {
      await createApplication.mutateAsync(values);
    } catch (error) {
      // Spec 8: 'Authentication Required', then /api/login after 0.5 s.
      if (handleUnauthorizedError(error, VENDOR_MESSAGES.loginRequired)) return;
      if (error instanceof ApiError && error.status === 400 && error.body?.issues?.length) {
        const issues = error.body.issues;
        const placed = issues.filter((issue) => {
          const field = APPLICATION_FIELD_NAMES.find((name) => name === issue.path.split('.')[0]);
          if (field) setError(field, { type: 'server', message: issue.message }, { shouldFocus: true });
          return Boolean(field);
        });
        if (placed.length === issues.length) return;
      }
      // 409: an application is already pending or approved; the API says so.
      const message =
        error instanceof ApiError && error.status === 409
          ? errorMessage(error, VENDOR_MESSAGES.failed.description)
          : VENDOR_MESSAGES.failed.description;
      setError('root.server', { type: 'server', message });
      toast({ variant: 'destructive', title: VENDOR_MESSAGES.failed.title, description: message });
      return;
    }
    toast(VENDOR_MESSAGES.submitted);
    reset();
    onSubmitted();
  });

  const busy = createApplication.isPending;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Vendor application" className="grid gap-4">
      <FormMessage>{errors.root?.server?.message}</FormMessage>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Company name"
          autoComplete="organization"
          error={errors.companyName?.message}
          {...register('companyName')}
        />
        <FormField label="Business type" error={errors.businessType?.message}>
          {(field) => (
            <NativeSelect {...field} {...register('businessType')}>
              <option value="">Select a business type</option>
              {VENDOR_BUSINESS_TYPES.map((type) => (
                <option key={type} value={type}>
                  {BUSINESS_TYPE_LABELS[type]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
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
      </div>
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
      <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy && <Spinner className="text-primary-foreground" label="Submitting application" />}
          Submit Application
        </Button>
      </div>
    </form>
  );
}
