import { PASSWORD_MIN, registerRequestSchema, type RegisterRequest, type User } from '@contract/auth';
import { Button } from '@/components/ui/button';
import { FormMessage, FormRow, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useRegister } from '@/features/auth/api/register';
import { AUTH_MESSAGES, setAuthFormErrors } from '@/lib/auth-form-errors';
import { useApiForm } from '@/lib/use-api-form';

const fields = ['email', 'password', 'firstName', 'lastName'] as const;

export function RegisterForm({ onRegistered }: { onRegistered: (user: User) => void }) {
  const {
    register,
    submit,
    setError,
    formState: { errors },
  } = useApiForm(registerRequestSchema, {
    defaultValues: { email: '', password: '', firstName: '', lastName: '' } satisfies RegisterRequest,
  });
  const registration = useRegister({ onSuccess: onRegistered });

  const onSubmit = submit(
    ({ firstName, lastName, ...rest }) =>
      // Empty optional names are left out rather than stored as ''.
      registration.mutateAsync({
        ...rest,
        firstName: firstName || undefined,
        lastName: lastName || undefined,
      }),
    {
      unauthorized: false,
      fallbackMessage: AUTH_MESSAGES.unexpected,
      onError: (error) => (setAuthFormErrors(error, 'register', fields, setError), true),
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Create account">
      <FormMessage>{errors.root?.server?.message}</FormMessage>
      <FormRow>
        <TextField
          label="First name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...register('lastName')}
        />
      </FormRow>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters.`}
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" disabled={registration.isPending} className="mt-2 w-full">
        {registration.isPending && <Spinner className="text-primary-foreground" label="Creating account" />}
        Create account
      </Button>
    </form>
  );
}
