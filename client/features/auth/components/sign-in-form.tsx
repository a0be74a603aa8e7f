import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Building2, KeyRound } from 'lucide-react';
import { loginRequestSchema, type LoginRequest, type MfaMethod, type User } from '@contract/auth';
import { SSO_FAILED_MESSAGE, ssoStartUrl } from '@contract/sso';
import { Button } from '@/components/ui/button';
import { FormMessage, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isMfaChallenge, useLogin } from '@/features/auth/api/login';
import { useSsoLookup } from '@/features/auth/api/lookup-sso';
import { useSignInWithPasskey } from '@/features/auth/api/sign-in-with-passkey';
import { ApiError, errorMessage } from '@/lib/api-client';
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
  /** The identity provider sent the browser back with a failure. */
  ssoFailed?: boolean;
  returnTo?: string | null;
}

/** The typed address once it has rested for a moment: the SSO lookup is not asked at every key. */
function useSettled(value: string, delayMs = 350): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

export function SignInForm({
  onSignedIn,
  onMfaRequired,
  ssoFailed = false,
  returnTo = null,
}: SignInFormProps) {
  const {
    register,
    submit,
    setError,
    watch,
    formState: { errors },
  } = useApiForm(loginRequestSchema, {
    defaultValues: { email: '', password: '' } satisfies LoginRequest,
  });
  const typed = useSettled(watch('email') ?? '').trim();
  const lookup = useSsoLookup(typed);
  // A password sign-in the organisation refused (403 SSO_REQUIRED) names where its sign-in starts.
  const [requiredSsoUrl, setRequiredSsoUrl] = useState<string | null>(null);
  const ssoUrl =
    requiredSsoUrl ??
    (lookup.data?.sso ? ssoStartUrl({ email: typed, returnTo: returnTo ?? undefined }) : null);
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
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'SSO_REQUIRED' && error.body?.ssoUrl) {
        setRequiredSsoUrl(error.body.ssoUrl);
        setError('root.server', { type: 'server', message: error.body.message });
        return true;
      }
      setAuthFormErrors(error, 'login', fields, setError);
      return true;
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign in">
      {ssoFailed && <FormMessage>{SSO_FAILED_MESSAGE}</FormMessage>}
      <FormMessage>{errors.root?.server?.message}</FormMessage>
      <TextField
        label="Email"
        type="email"
        autoComplete="username webauthn"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      {ssoUrl && (
        <Button asChild className="w-full" data-testid="sso-continue">
          <a href={ssoUrl}>
            <Building2 aria-hidden="true" />
            Continue with single sign-on
          </a>
        </Button>
      )}
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
