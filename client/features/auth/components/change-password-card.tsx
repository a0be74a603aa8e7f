import { KeyRound } from 'lucide-react';
import { z } from 'zod';
import { changePasswordRequestSchema, PASSWORD_MIN } from '@contract/auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormMessage, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useChangePassword } from '@/features/auth/api/change-password';
import {
  ACCOUNT_MESSAGES,
  accountErrorMessage,
  isRateLimitedError,
} from '@/features/auth/utils/account-errors';
import { useApiForm } from '@/lib/use-api-form';

/** The API's request, and the new password typed twice. */
const changePasswordFormSchema = changePasswordRequestSchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: ACCOUNT_MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  });
type ChangePasswordFormValues = z.infer<typeof changePasswordFormSchema>;

const fields = ['currentPassword', 'newPassword'] as const;
const emptyValues: ChangePasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Settings > Security: a new password, given the current one. The account's other sessions end. */
export function ChangePasswordCard() {
  const change = useChangePassword();
  const {
    register,
    submit,
    setError,
    formState: { errors },
  } = useApiForm(changePasswordFormSchema, { defaultValues: emptyValues });

  const onSubmit = submit(
    ({ currentPassword, newPassword }) => change.mutateAsync({ currentPassword, newPassword }),
    {
      // Too many attempts: the wait, said for the whole form.
      onError: (error) => {
        if (!isRateLimitedError(error)) return false;
        setError('root.server', { type: 'server', message: accountErrorMessage(error) });
        return true;
      },
      fields,
      fallbackMessage: accountErrorMessage,
      reset: () => emptyValues,
      successToast: {
        title: 'Password changed',
        description: 'Your other sessions were signed out. This one stays signed in.',
      },
    },
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound aria-hidden="true" className="size-5 text-primary" />
          Change password
        </CardTitle>
        <CardDescription>
          Every other device signed in to your account is signed out when the password changes.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-label="Change password" className="grid max-w-md gap-4">
          <FormMessage>{errors.root?.server?.message}</FormMessage>
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN} characters.`}
            error={errors.newPassword?.message}
            {...register('newPassword')}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <Button type="submit" disabled={change.isPending} className="justify-self-start">
            {change.isPending && <Spinner className="text-primary-foreground" label="Saving" />}
            Update password
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
