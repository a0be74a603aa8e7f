import { useState, type ComponentType } from 'react';
import { KeyRound } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useSigningSecret } from '@/features/automation/api/get-signing-secret';
import { useRotateSigningSecret } from '@/features/automation/api/rotate-signing-secret';
import { toastFailure } from '@/lib/failure-toast';
import { formatRelativeTime } from '@/lib/format';

/**
 * A signing secret shown once, with how receivers check it: the integrations' own view, handed in by the app
 * (`client/app/routes/ai.tsx`, decision 011), since rules' webhooks are signed as webhook integrations are.
 */
export type SigningSecretOnceSlot = ComponentType<{ secret: string; testId: string }>;

/**
 * The signing secret of the user's rule webhooks (design 11.5): whether one is set, a button that makes one (or a
 * new one, after a warning that the old one stops working at once), and the one view of the new secret.
 */
export function SigningSecretSection({ SigningSecretOnce }: { SigningSecretOnce: SigningSecretOnceSlot }) {
  const status = useSigningSecret();
  const rotate = useRotateSigningSecret();
  const [confirming, setConfirming] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const configured = status.data?.configured ?? false;

  function create() {
    rotate.mutate(undefined, {
      onSuccess: ({ secret }) => {
        setConfirming(false);
        setShown(secret);
      },
      onError: (error) => {
        setConfirming(false);
        toastFailure(error, 'Failed to create a signing secret.');
      },
    });
  }

  return (
    <section
      aria-labelledby="signing-secret-title"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border bg-surface p-4"
    >
      <KeyRound aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      <div className="min-w-0 flex-1 space-y-1">
        <h3 id="signing-secret-title" className="text-sm font-medium">
          Webhook signing secret
        </h3>
        <p className="text-xs text-muted-foreground" data-testid="signing-secret-status">
          {status.isPending ? (
            'Checking…'
          ) : status.isError ? (
            'Its state could not be loaded.'
          ) : configured && status.data?.createdAt ? (
            <>
              Set <time dateTime={status.data.createdAt}>{formatRelativeTime(status.data.createdAt)}</time>.
              Your rules’ webhooks carry <code className="font-mono">X-Signature</code> made with it.
            </>
          ) : (
            'None yet: rules’ webhook actions are not sent until you create one.'
          )}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={status.isPending || rotate.isPending}
        onClick={() => (configured ? setConfirming(true) : create())}
      >
        {configured ? 'Rotate secret' : 'Create secret'}
      </Button>

      <ConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={create}
        title="Rotate the signing secret?"
        description="A new secret replaces the current one at once: receivers checking with the old one will refuse your rules’ webhooks until they have the new one."
        confirmLabel="Rotate secret"
        pendingLabel="Rotating"
        pending={rotate.isPending}
      />
      <Dialog open={shown !== null} onOpenChange={(open) => !open && setShown(null)}>
        <DialogContent className="max-w-xl" onInteractOutside={(event) => event.preventDefault()}>
          <DialogHeader>
            <DialogTitle>Webhook signing secret</DialogTitle>
            <DialogDescription>Every webhook your rules send is signed with it.</DialogDescription>
          </DialogHeader>
          {shown && <SigningSecretOnce secret={shown} testId="automation-signing-secret" />}
          <DialogFooter>
            <Button onClick={() => setShown(null)}>Done</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
