import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema, type LoginRequest, type User } from '@contract/auth';
import { Button } from '@/components/ui/button';
import { FormMessage, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { isMfaChallenge, useLogin } from '@/features/auth/api/login';
import { setAuthFormErrors } from '@/features/auth/utils/form-errors';

const fields = ['email', 'password'] as const;

interface SignInFormProps {
  onSignedIn: (user: User) => void;
  onMfaRequired: () => void;
}

export function SignInForm({ onSignedIn, onMfaRequired }: SignInFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '' } satisfies LoginRequest,
  });
  const login = useLogin({
    onSuccess: (response) => (isMfaChallenge(response) ? onMfaRequired() : onSignedIn(response)),
  });

  const onSubmit = handleSubmit((values) =>
    login.mutateAsync(values).catch((error: unknown) => setAuthFormErrors(error, 'login', fields, setError)),
  );

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
      <Button type="submit" disabled={login.isPending} className="mt-2 w-full">
        {login.isPending && <Spinner className="text-primary-foreground" label="Signing in" />}
        Sign in
      </Button>
    </form>
  );
}
