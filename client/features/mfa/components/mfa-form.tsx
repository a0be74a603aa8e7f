import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { KeyRound } from 'lucide-react';
import type { MfaMethod, User } from '@contract/auth';
import { Button } from '@/components/ui/button';
import { FormField, FormMessage } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useLoginMfa } from '@/features/mfa/api/login-mfa';
import { TotpCodeInput } from '@/features/mfa/components/totp-code-input';
import { AUTH_MESSAGES, authErrorTargets } from '@/lib/auth-form-errors';
import { BACKUP_CODE_MAX, MFA_CODE_LENGTH } from '@/lib/constants';
import { useApiForm } from '@/lib/use-api-form';
import { errorMessage } from '@/lib/api-client';
import { passkeyAssertion, passkeyErrorMessage, passkeysSupported } from '@/lib/webauthn';

/** The code is checked by its length before sending; the server says whether it is right. */
const mfaFormSchema = z.object({ code: z.string() });

interface MfaFormProps {
  onSignedIn: (user: User) => void;
  onCancel: () => void;
  /** The account's second factors: a passkey is offered when it has one. */
  methods?: MfaMethod[];
}

/** Second sign-in step: the 6-digit code from an authenticator app, or one of the account's backup codes. */
export function MfaForm({ onSignedIn, onCancel, methods = [] }: MfaFormProps) {
  const [useBackupCode, setUseBackupCode] = useState(false);
  const {
    watch,
    setValue,
    submit,
    setError,
    clearErrors,
    formState: { errors },
  } = useApiForm(mfaFormSchema, { defaultValues: { code: '' } });
  const code = watch('code');
  const setCode = (value: string) => {
    setValue('code', value);
    clearErrors('code');
  };
  const verify = useLoginMfa({ onSuccess: onSignedIn });

  const trimmed = code.trim();
  const complete = useBackupCode ? trimmed.length >= MFA_CODE_LENGTH : trimmed.length === MFA_CODE_LENGTH;

  const send = submit(() => verify.mutateAsync({ code: trimmed }), {
    unauthorized: false,
    fallbackMessage: AUTH_MESSAGES.unexpected,
    onError: (failure) => {
      const message = authErrorTargets(failure, 'mfa', [])
        .map((target) => target.message)
        .join(' ');
      // Next to the code it is about; the field is emptied for the next try.
      setError('code', { type: 'server', message });
      setValue('code', '', { shouldValidate: false });
      return true;
    },
  });

  const [passkeyPending, setPasskeyPending] = useState(false);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  async function withPasskey() {
    setPasskeyError(null);
    setPasskeyPending(true);
    try {
      await verify.mutateAsync({ passkey: await passkeyAssertion('mfa') });
    } catch (error) {
      setPasskeyError(passkeyErrorMessage(error) ?? errorMessage(error, AUTH_MESSAGES.unexpected));
    } finally {
      setPasskeyPending(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!complete || verify.isPending) return;
    void send(event);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Two-factor verification">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold">Two-factor verification</h2>
        <p className="text-sm text-muted-foreground">
          {useBackupCode
            ? 'Enter one of your backup codes. Each code works once.'
            : 'Enter the 6-digit code from your authenticator app.'}
        </p>
      </div>
      <FormMessage>{errors.root?.server?.message}</FormMessage>
      <FormField
        label={useBackupCode ? 'Backup code' : 'Authentication code'}
        error={errors.code?.message}
        announce
      >
        {(control) =>
          useBackupCode ? (
            <Input
              {...control}
              value={code}
              onChange={(event) => setCode(event.target.value.slice(0, BACKUP_CODE_MAX))}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={BACKUP_CODE_MAX}
              className="font-mono tracking-widest"
              autoFocus
            />
          ) : (
            <TotpCodeInput {...control} value={code} onValueChange={setCode} autoFocus />
          )
        }
      </FormField>
      <Button type="submit" disabled={!complete || verify.isPending} className="w-full">
        {verify.isPending && <Spinner className="text-primary-foreground" label="Verifying" />}
        Verify
      </Button>
      {methods.includes('passkey') && passkeysSupported() && (
        <>
          <FormMessage>{passkeyError}</FormMessage>
          <Button
            type="button"
            variant="outline"
            className="w-full"
            disabled={passkeyPending || verify.isPending}
            onClick={() => void withPasskey()}
          >
            {passkeyPending ? <Spinner label="Waiting for your passkey" /> : <KeyRound aria-hidden="true" />}
            Use a passkey
          </Button>
        </>
      )}
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Button
          variant="link"
          className="h-auto px-0"
          onClick={() => {
            setUseBackupCode((value) => !value);
            setCode('');
            clearErrors();
          }}
        >
          {useBackupCode ? 'Use authenticator code' : 'Use a backup code'}
        </Button>
        <Button variant="link" className="h-auto px-0 text-muted-foreground" onClick={onCancel}>
          Back to sign in
        </Button>
      </div>
    </form>
  );
}
