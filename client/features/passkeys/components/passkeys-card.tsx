import { useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import { PASSKEY_NAME_MAX, type Passkey } from '@contract/passkeys';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormMessage, TextField } from '@/components/ui/form-field';
import { LoadingMessage, Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/failure-toast';
import { useAddPasskey } from '@/features/passkeys/api/add-passkey';
import { usePasskeys } from '@/features/passkeys/api/get-passkeys';
import { useRemovePasskey } from '@/features/passkeys/api/remove-passkey';
import { useRenamePasskey } from '@/features/passkeys/api/rename-passkey';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { passkeyErrorMessage, passkeysSupported } from '@/lib/webauthn';

const failure = (error: unknown, fallback: string) =>
  passkeyErrorMessage(error) ?? errorMessage(error, fallback);

/** Settings > Security: the account's passkeys (name, added, last used, synced or this device), added and removed. */
export function PasskeysCard() {
  const { data: passkeys, isPending, isError } = usePasskeys();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const supported = passkeysSupported();

  function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    add.mutate(
      { name: name.trim() || undefined },
      {
        onSuccess: (passkey) => {
          setName('');
          toast({ title: 'Passkey added', description: `"${passkey.name}" can now sign you in.` });
        },
        onError: (failed) => setError(failure(failed, 'The passkey could not be added.')),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound aria-hidden="true" className="size-5 text-primary" />
          Passkeys
        </CardTitle>
        <CardDescription>
          Sign in with your fingerprint, face or screen lock, or a security key, instead of a password. A
          passkey cannot be phished: it only works on this site.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {isPending ? (
          <LoadingMessage>Loading passkeys...</LoadingMessage>
        ) : isError ? (
          <p className="text-sm text-destructive">Your passkeys could not be loaded.</p>
        ) : passkeys.length === 0 ? (
          <p className="text-sm text-muted-foreground">No passkeys yet.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Your passkeys">
            {passkeys.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} />
            ))}
          </ul>
        )}
        {supported ? (
          <form
            onSubmit={onAdd}
            className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
            aria-label="Add a passkey"
          >
            <FormMessage className="sm:col-span-2">{error}</FormMessage>
            <TextField
              label="Name (optional)"
              placeholder="e.g. Work laptop"
              maxLength={PASSKEY_NAME_MAX}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
            <Button type="submit" disabled={add.isPending}>
              {add.isPending && <Spinner className="text-primary-foreground" label="Adding a passkey" />}
              Add a passkey
            </Button>
          </form>
        ) : (
          <p className="text-sm text-muted-foreground">This browser cannot create passkeys.</p>
        )}
      </CardContent>
    </Card>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const synced = passkey.backedUp || passkey.deviceType === 'multiDevice';

  function onRename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    rename.mutate(
      { id: passkey.id, name: name.trim() },
      {
        onSuccess: () => setEditing(false),
        onError: (failed) => setError(errorMessage(failed, 'The passkey could not be renamed.')),
      },
    );
  }

  return (
    <li className="grid gap-2 rounded-md border p-3" data-testid="passkey-row">
      {editing ? (
        <form onSubmit={onRename} className="grid gap-2 sm:grid-cols-[1fr_auto_auto] sm:items-end">
          <TextField
            label="Passkey name"
            maxLength={PASSKEY_NAME_MAX}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={error ?? undefined}
            autoFocus
          />
          <Button type="submit" disabled={rename.isPending || !name.trim()}>
            Save
          </Button>
          <Button type="button" variant="ghost" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="grid gap-1">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              {passkey.name}
              <Badge variant={synced ? 'secondary' : 'outline'}>{synced ? 'Synced' : 'This device'}</Badge>
            </p>
            <p className="text-xs text-muted-foreground">
              Added {formatDate(passkey.createdAt)} ·{' '}
              {passkey.lastUsedAt ? `Last used ${formatDate(passkey.lastUsedAt)}` : 'Never used'}
            </p>
          </div>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              Rename
            </Button>
            <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
              Remove
            </Button>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(passkey.id, {
            onSettled: () => setConfirming(false),
            onError: (failed) => toastFailure(failed, 'Try again.', { title: 'Passkey not removed' }),
          })
        }
        title={`Remove "${passkey.name}"?`}
        description="It will no longer sign you in. We will e-mail you about it."
        confirmLabel="Remove"
        pendingLabel="Removing"
        pending={remove.isPending}
      />
    </li>
  );
}
