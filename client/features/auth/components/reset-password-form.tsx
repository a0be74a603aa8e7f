import { useState } from 'react';
import { CircleCheck } from 'lucide-react';
import { Link } from 'wouter';
import { z } from 'zod';
import { PASSWORD_MIN, passwordResetConfirmSchema } from '@contract/auth';
import { Button } from '@/components/ui/button';
import { FormMessage, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useConfirmPasswordReset } from '@/features/auth/api/confirm-password-reset';
import { InvalidLinkMessage } from '@/features/auth/components/invalid-link-message';
import {
  ACCOUNT_MESSAGES,
  accountErrorMessage,
  isInvalidLinkError,
  isRateLimitedError,
} from '@/features/auth/utils/account-errors';
import { setServerErrors } from '@/lib/form-errors';
import { useApiForm } from '@/lib/use-api-form';

/** The API's password rules, and the same password typed twice. */
const resetPasswordFormSchema = passwordResetConfirmSchema
  .pick({ password: true })
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: ACCOUNT_MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  });
type ResetPasswordFormValues = z.infer<typeof resetPasswordFormSchema>;

const fields = ['password'] as const;

function AskForNewLink() {
  return (
    <Button asChild className="w-full">
      <Link href={paths.forgotPassword.getHref()}>Ask for a new link</Link>
    </Button>
  );
}

/** A new password for the account of a reset link (`token` from the link; null when it had none). */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const [refused, setRefused] = useState(false);
  const confirm = useConfirmPasswordReset();
  const {
    register,
    submit,
    setError,
    formState: { errors },
  } = useApiForm(resetPasswordFormSchema, {
    defaultValues: { password: '', confirmPassword: '' } satisfies ResetPasswordFormValues,
  });

  const onSubmit = submit(
    async ({ password }) => {
      if (token !== null) await confirm.mutateAsync({ token, password });
    },
    {
      unauthorized: false,
      fallbackMessage: accountErrorMessage,
      onError: (error) => {
        if (isInvalidLinkError(error)) setRefused(true);
        else if (isRateLimitedError(error))
          setError('root.server', { type: 'server', message: accountErrorMessage(error) });
        else setServerErrors(error, fields, setError, accountErrorMessage(error));
        return true;
      },
    },
  );

  if (token === null || refused) {
    return (
      <InvalidLinkMessage>
        <AskForNewLink />
      </InvalidLinkMessage>
    );
  }

  if (confirm.isSuccess) {
    return (
      <div className="grid gap-4">
        <div
          role="status"
          className="flex gap-3 rounded-md border border-primary/40 bg-primary/5 p-4 text-sm"
        >
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <p>Your password was changed. Sign in with your new password.</p>
        </div>
        <p className="text-sm text-muted-foreground">
          Every device that was signed in to your account has been signed out. Two-factor authentication stays
          as it was.
        </p>
        <Button asChild className="w-full">
          <Link href={paths.login.getHref()}>Sign in</Link>
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Choose a new password">
      <FormMessage>{errors.root?.server?.message}</FormMessage>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        autoFocus
        hint={`At least ${PASSWORD_MIN} characters.`}
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" disabled={confirm.isPending} className="mt-2 w-full">
        {confirm.isPending && <Spinner className="text-primary-foreground" label="Saving" />}
        Change password
      </Button>
    </form>
  );
}
