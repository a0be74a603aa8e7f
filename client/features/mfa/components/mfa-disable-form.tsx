import { useState, type FormEvent } from 'react';
import { ShieldOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useDisableMfa } from '@/features/mfa/api/disable-mfa';
import { mfaErrorMessage } from '@/features/mfa/utils/mfa-errors';
import { BACKUP_CODE_MAX, MFA_CODE_LENGTH } from '@/lib/constants';

/** Two-factor authentication while it is on: turning it off takes a code from the app or a backup code. */
export function MfaDisableForm() {
  const [code, setCode] = useState('');
  // The server's answer to a wrong code, under the field until the next one is typed.
  const [error, setError] = useState<string>();
  const disable = useDisableMfa();
  const trimmed = code.trim();
  // A backup code is longer than an app code; the shortest acceptable entry is a 6-digit app code.
  const complete = trimmed.length >= MFA_CODE_LENGTH;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!complete || disable.isPending) return;
    disable.mutate(
      { code: trimmed },
      {
        onSuccess: () =>
          toast({
            title: 'Two-factor authentication disabled',
            description: 'Sign-ins no longer ask for a code. Your other sessions were signed out.',
          }),
        onError: (failure) => {
          setError(mfaErrorMessage(failure, 'Failed to disable MFA'));
          setCode('');
        },
      },
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Disable two-factor authentication"
      className="grid gap-4"
    >
      <p className="text-sm text-muted-foreground">
        Sign-ins ask for a code from your authenticator app. To turn this off, enter a current code or one of
        your backup codes.
      </p>
      <FormField
        label="Authentication or backup code"
        hint="A 6-digit code, or a backup code such as a1b2-c3d4-e5f6-a7b8."
        error={error}
        announce
        className="max-w-xs"
      >
        {(control) => (
          <Input
            {...control}
            value={code}
            onChange={(event) => {
              setCode(event.target.value.slice(0, BACKUP_CODE_MAX));
              setError(undefined);
            }}
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={BACKUP_CODE_MAX}
            className="font-mono tracking-wider"
          />
        )}
      </FormField>
      <Button
        type="submit"
        variant="destructive"
        className="justify-self-start"
        disabled={!complete || disable.isPending}
      >
        {disable.isPending ? (
          <Spinner className="text-destructive-foreground" label="Disabling" />
        ) : (
          <ShieldOff aria-hidden="true" />
        )}
        Disable two-factor authentication
      </Button>
    </form>
  );
}
