import { Link } from 'wouter';
import { loginRequestSchema, type LoginRequest, type User } from '@contract/auth';
import { Button } from '@/components/ui/button';
import { FormMessage, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isMfaChallenge, useLogin } from '@/features/auth/api/login';
import { AUTH_MESSAGES, setAuthFormErrors } from '@/lib/auth-form-errors';
import { useApiForm } from '@/lib/use-api-form';

const fields = ['email', 'password'] as const;

interface SignInFormProps {
  onSignedIn: (user: User) => void;
  onMfaRequired: () => void;
}

export function SignInForm({ onSignedIn, onMfaRequired }: SignInFormProps) {
  const {
    register,
    submit,
    setError,
    formState: { errors },
  } = useApiForm(loginRequestSchema, {
    defaultValues: { email: '', password: '' } satisfies LoginRequest,
  });
  const login = useLogin({
    onSuccess: (response) => (isMfaChallenge(response) ? onMfaRequired() : onSignedIn(response)),
  });

  const onSubmit = submit(login.mutateAsync, {
    unauthorized: false,
    fallbackMessage: AUTH_MESSAGES.unexpected,
    onError: (error) => (setAuthFormErrors(error, 'login', fields, setError), true),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign in">
      <FormMessage>{errors.root?.server?.message}</FormMessage>
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Link
        href={paths.forgotPassword.getHref()}
        className="-mt-2 justify-self-end rounded-sm text-xs text-primary underline-offset-4 hover:underline"
      >
        Forgot your password?
      </Link>
      <Button type="submit" disabled={login.isPending} className="mt-2 w-full">
        {login.isPending && <Spinner className="text-primary-foreground" label="Signing in" />}
        Sign in
      </Button>
    </form>
  );
}
