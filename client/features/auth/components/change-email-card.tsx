import { useState } from 'react';
import { AtSign, MailCheck } from 'lucide-react';
import { changeEmailRequestSchema, EMAIL_VERIFY_TTL_HOURS, type ChangeEmailRequest } from '@contract/auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormMessage, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useChangeEmail } from '@/features/auth/api/change-email';
import {
  ACCOUNT_MESSAGES,
  accountErrorMessage,
  isConflictError,
  isRateLimitedError,
} from '@/features/auth/utils/account-errors';
import { useApiForm } from '@/lib/use-api-form';

const fields = ['newEmail', 'currentPassword'] as const;
const emptyValues: ChangeEmailRequest = { newEmail: '', currentPassword: '' };

/**
 * Settings > Security: a new sign-in address, given the current password. Nothing changes until the link mailed to
 * the new address is opened; the current address is told then.
 */
export function ChangeEmailCard({ currentEmail }: { currentEmail: string }) {
  const [pendingAddress, setPendingAddress] = useState<string | null>(null);
  const change = useChangeEmail();
  const {
    register,
    submit,
    setError,
    formState: { errors },
  } = useApiForm(changeEmailRequestSchema, { defaultValues: emptyValues });

  const onSubmit = submit(
    async (values) => {
      await change.mutateAsync(values);
      return values.newEmail;
    },
    {
      onError: (error) => {
        if (isConflictError(error)) {
          setError(
            'newEmail',
            { type: 'server', message: ACCOUNT_MESSAGES.emailTaken },
            { shouldFocus: true },
          );
        } else if (isRateLimitedError(error)) {
          setError('root.server', { type: 'server', message: accountErrorMessage(error) });
        } else return false;
        return true;
      },
      fields,
      fallbackMessage: accountErrorMessage,
      reset: () => emptyValues,
      onSuccess: setPendingAddress,
    },
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <AtSign aria-hidden="true" className="size-5 text-primary" />
          Change e-mail address
        </CardTitle>
        <CardDescription>
          You sign in with <strong className="break-all text-foreground">{currentEmail}</strong>. A new
          address takes over once you open the link we send to it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {pendingAddress && (
          <div
            role="status"
            className="flex max-w-md gap-3 rounded-md border border-primary/40 bg-primary/5 p-4 text-sm"
          >
            <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <p className="min-w-0 break-words">
              We sent a confirmation link to <strong className="break-all">{pendingAddress}</strong>. Your
              address changes when you open it. The link works for {EMAIL_VERIFY_TTL_HOURS} hours.
            </p>
          </div>
        )}
        <form
          onSubmit={onSubmit}
          noValidate
          aria-label="Change e-mail address"
          className="grid max-w-md gap-4"
        >
          <FormMessage>{errors.root?.server?.message}</FormMessage>
          <TextField
            label="New e-mail address"
            type="email"
            autoComplete="email"
            inputMode="email"
            error={errors.newEmail?.message}
            {...register('newEmail')}
          />
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <Button type="submit" disabled={change.isPending} className="justify-self-start">
            {change.isPending && <Spinner className="text-primary-foreground" label="Sending" />}
            Send confirmation link
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
