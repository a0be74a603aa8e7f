import { useState } from 'react';
import { MailCheck } from 'lucide-react';
import { Link } from 'wouter';
import {
  PASSWORD_RESET_TTL_MINUTES,
  passwordResetRequestSchema,
  type PasswordResetRequest,
} from '@contract/auth';
import { Button } from '@/components/ui/button';
import { FormMessage, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useRequestPasswordReset } from '@/features/auth/api/request-password-reset';
import { accountErrorMessage, isRateLimitedError } from '@/features/auth/utils/account-errors';
import { useApiForm } from '@/lib/use-api-form';

const fields = ['email'] as const;

/** The same words whatever the address: the page must never tell whether an account exists. */
export const RESET_LINK_SENT = `If an account exists for that address, we have sent a link to reset its password. The link works for ${PASSWORD_RESET_TTL_MINUTES} minutes.`;

function BackToSignIn() {
  return (
    <Button asChild variant="link" className="h-auto justify-self-center px-0 text-muted-foreground">
      <Link href={paths.login.getHref()}>Back to sign in</Link>
    </Button>
  );
}

/** Asks for a reset link; afterwards says (neutrally) that one is on its way. */
export function ForgotPasswordForm() {
  const [sent, setSent] = useState(false);
  const request = useRequestPasswordReset();
  const {
    register,
    submit,
    setError,
    reset,
    formState: { errors },
  } = useApiForm(passwordResetRequestSchema, { defaultValues: { email: '' } satisfies PasswordResetRequest });

  const onSubmit = submit((values) => request.mutateAsync(values), {
    unauthorized: false,
    // Too many attempts: the wait, said for the whole form.
    onError: (error) => {
      if (!isRateLimitedError(error)) return false;
      setError('root.server', { type: 'server', message: accountErrorMessage(error) });
      return true;
    },
    fields,
    fallbackMessage: accountErrorMessage,
    onSuccess: () => setSent(true),
  });

  if (sent) {
    return (
      <div className="grid gap-4">
        <div
          role="status"
          className="flex gap-3 rounded-md border border-primary/40 bg-primary/5 p-4 text-sm"
        >
          <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <p>{RESET_LINK_SENT}</p>
        </div>
        <p className="text-sm text-muted-foreground">
          Nothing after a few minutes? Check your spam folder, or make sure you typed the address you signed
          up with.
        </p>
        <Button
          variant="outline"
          onClick={() => {
            reset();
            setSent(false);
          }}
        >
          Send another link
        </Button>
        <BackToSignIn />
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Reset your password">
      <FormMessage>{errors.root?.server?.message}</FormMessage>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        autoFocus
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" disabled={request.isPending} className="mt-2 w-full">
        {request.isPending && <Spinner className="text-primary-foreground" label="Sending" />}
        Send reset link
      </Button>
      <BackToSignIn />
    </form>
  );
}
