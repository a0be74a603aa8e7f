import { z } from 'zod';
import { PASSWORD_MIN } from '@contract/auth';
import { setupDirectorRequestSchema } from '@contract/setup';
import type { User } from '@contract/auth';
import { Button } from '@/components/ui/button';
import { FormMessage, FormRow, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useCreateFirstDirector } from '@/features/setup/api/create-first-director';
import { ApiError } from '@/lib/api-client';
import { AUTH_MESSAGES, setAuthFormErrors } from '@/lib/auth-form-errors';
import { useApiForm } from '@/lib/use-api-form';

/** The API's rules for the account, and the password typed twice. */
const firstDirectorFormSchema = setupDirectorRequestSchema
  .omit({ token: true })
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: 'The passwords do not match',
    path: ['confirmPassword'],
  });
type FirstDirectorFormValues = z.infer<typeof firstDirectorFormSchema>;

const fields = ['email', 'password', 'firstName', 'lastName'] as const;

interface FirstDirectorFormProps {
  token: string;
  onCreated: (user: User) => void;
  /** The link turned out to be spent or wrong meanwhile (400, 404). */
  onLinkRefused: (status: number) => void;
}

/** The first Director's account: name, e-mail and password. */
export function FirstDirectorForm({ token, onCreated, onLinkRefused }: FirstDirectorFormProps) {
  const create = useCreateFirstDirector();
  const {
    register,
    submit,
    setError,
    formState: { errors },
  } = useApiForm(firstDirectorFormSchema, {
    defaultValues: {
      email: '',
      password: '',
      confirmPassword: '',
      firstName: '',
      lastName: '',
    } satisfies FirstDirectorFormValues,
  });

  const onSubmit = submit(
    async ({ firstName, lastName, confirmPassword: _confirm, ...rest }) => {
      const user = await create.mutateAsync({
        ...rest,
        token,
        firstName: firstName || undefined,
        lastName: lastName || undefined,
      });
      onCreated(user);
    },
    {
      unauthorized: false,
      fallbackMessage: AUTH_MESSAGES.unexpected,
      onError: (error) => {
        const linkRefused =
          error instanceof ApiError &&
          (error.status === 404 || (error.status === 400 && error.code === 'TOKEN_INVALID'));
        if (linkRefused) onLinkRefused(error.status);
        else setAuthFormErrors(error, 'register', fields, setError);
        return true;
      },
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Create the first Director">
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
        autoFocus
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
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" disabled={create.isPending} className="mt-2 w-full">
        {create.isPending && <Spinner className="text-primary-foreground" label="Creating the account" />}
        Create Director account
      </Button>
    </form>
  );
}
