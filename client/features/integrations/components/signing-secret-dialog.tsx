import type { CreatedIntegration } from '@contract/integrations';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { SigningSecretOnce } from '@/features/integrations/components/signing-secret-once';

/** The one view of a webhook's generated signing secret: the receiver needs it to check X-Signature. */
export function SigningSecretDialog({
  created,
  onClose,
}: {
  created: CreatedIntegration | null;
  onClose: () => void;
}) {
  const secret = created?.signingSecret;
  return (
    <Dialog open={!!secret} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl" onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Webhook signing secret</DialogTitle>
          <DialogDescription>
            {created ? `"${created.name}" signs every request with it.` : ''}
          </DialogDescription>
        </DialogHeader>
        {secret && <SigningSecretOnce secret={secret} testId="signing-secret" />}
        <DialogFooter>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
