import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { KeyRound } from 'lucide-react';
import { loginRequestSchema, type LoginRequest, type MfaMethod, type User } from '@contract/auth';
import { Button } from '@/components/ui/button';
import { FormMessage, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isMfaChallenge, useLogin } from '@/features/auth/api/login';
import { useSignInWithPasskey } from '@/features/auth/api/sign-in-with-passkey';
import { errorMessage } from '@/lib/api-client';
import {
  cancelPasskeyCeremony,
  passkeyAutofillSupported,
  passkeyErrorMessage,
  passkeysSupported,
} from '@/lib/webauthn';
import { AUTH_MESSAGES, setAuthFormErrors } from '@/lib/auth-form-errors';
import { useApiForm } from '@/lib/use-api-form';

const fields = ['email', 'password'] as const;

interface SignInFormProps {
  onSignedIn: (user: User) => void;
  onMfaRequired: (methods: MfaMethod[]) => void;
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
    onSuccess: (response) =>
      isMfaChallenge(response) ? onMfaRequired(response.methods) : onSignedIn(response),
  });
  const passkey = useSignInWithPasskey({ onSuccess: onSignedIn });
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const { mutate: signInWithPasskey } = passkey;

  // Passkeys offered in the address field's autofill (conditional UI): the ceremony waits there until one is
  // picked, and ends when the form goes away or the button below starts a ceremony of its own.
  useEffect(() => {
    let active = true;
    void passkeyAutofillSupported().then((supported) => {
      if (active && supported) signInWithPasskey({ autofill: true }, { onError: () => undefined });
    });
    return () => {
      active = false;
      cancelPasskeyCeremony();
    };
  }, [signInWithPasskey]);

  function withPasskey() {
    setPasskeyError(null);
    passkey.mutate(
      {},
      {
        onError: (error) =>
          setPasskeyError(passkeyErrorMessage(error) ?? errorMessage(error, AUTH_MESSAGES.unexpected)),
      },
    );
  }

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
        autoComplete="username webauthn"
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
      {passkeysSupported() && (
        <>
          <FormMessage>{passkeyError}</FormMessage>
          <Button type="button" variant="outline" className="w-full" onClick={withPasskey}>
            <KeyRound aria-hidden="true" />
            Sign in with a passkey
          </Button>
        </>
      )}
    </form>
  );
}
