import { useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormMessage, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useReauthenticate } from '@/features/auth/api/reauthenticate';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { passkeyAssertion, passkeyErrorMessage, passkeysSupported } from '@/lib/webauthn';

interface ReauthDialogProps {
  /** Called once: true after a proof was accepted (the action is then sent again), false when given up. */
  onDone: (proved: boolean) => void;
}

/**
 * The one "confirm it is you" dialog (design 12.2): shown when an action answers REAUTH_REQUIRED, it takes the
 * password, a 2FA code or a passkey, then hands back to the action, which is sent again.
 */
export function ReauthDialog({ onDone }: ReauthDialogProps) {
  const { data: user } = useUser();
  const [method, setMethod] = useState<'password' | 'code'>('password');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [passkeyPending, setPasskeyPending] = useState(false);
  const reauth = useReauthenticate({ onSuccess: () => onDone(true) });
  const busy = reauth.isPending || passkeyPending;

  const fail = (failure: unknown) => {
    const issue = failure instanceof ApiError ? failure.body?.issues?.[0]?.message : undefined;
    setError(issue ?? passkeyErrorMessage(failure) ?? errorMessage(failure, 'That did not work. Try again.'));
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!value.trim() || busy) return;
    setError(null);
    reauth.mutate(method === 'password' ? { password: value } : { code: value.trim() }, {
      onError: (failure) => {
        fail(failure);
        setValue('');
      },
    });
  }

  async function confirmWithPasskey() {
    setError(null);
    setPasskeyPending(true);
    try {
      const passkey = await passkeyAssertion('reauth');
      await reauth.mutateAsync({ passkey });
    } catch (failure) {
      fail(failure);
    } finally {
      setPasskeyPending(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onDone(false)}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Confirm it is you</DialogTitle>
          <DialogDescription>
            This action changes how your account is protected or hands out its data. Prove it is you and it
            goes ahead; you will not be asked again for a while.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Confirm it is you">
          <FormMessage>{error}</FormMessage>
          {method === 'password' ? (
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              autoFocus
            />
          ) : (
            <TextField
              label="Authentication or backup code"
              autoComplete="one-time-code"
              inputMode="text"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              autoFocus
            />
          )}
          <DialogFooter className="gap-2 sm:justify-between">
            {user?.mfaEnabled ? (
              <Button
                type="button"
                variant="link"
                className="h-auto px-0"
                onClick={() => {
                  setMethod(method === 'password' ? 'code' : 'password');
                  setValue('');
                  setError(null);
                }}
              >
                {method === 'password' ? 'Use a 2FA code instead' : 'Use your password instead'}
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" disabled={busy || !value.trim()}>
              {reauth.isPending && !passkeyPending && (
                <Spinner className="text-primary-foreground" label="Confirming" />
              )}
              Confirm
            </Button>
          </DialogFooter>
        </form>
        {passkeysSupported() && (
          <Button variant="outline" onClick={() => void confirmWithPasskey()} disabled={busy}>
            {passkeyPending ? <Spinner label="Waiting for your passkey" /> : <KeyRound aria-hidden="true" />}
            Use a passkey
          </Button>
        )}
      </DialogContent>
    </Dialog>
  );
}
