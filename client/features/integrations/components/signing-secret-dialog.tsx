import { TriangleAlert } from 'lucide-react';
import type { CreatedIntegration } from '@contract/integrations';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

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
        {secret && (
          <div className="grid gap-4">
            <p
              role="alert"
              className="flex items-start gap-2 rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-warning"
            >
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              Copy this secret now. It will not be shown again.
            </p>
            <div className="flex items-center gap-1 rounded-md border bg-surface py-1.5 pr-1.5 pl-3">
              <code data-testid="signing-secret" className="min-w-0 flex-1 font-mono text-sm break-all">
                {secret}
              </code>
              <CopyButton
                value={secret}
                label="Copy signing secret"
                failureMessage="Failed to copy the signing secret"
                variant="outline"
              >
                Copy
              </CopyButton>
            </div>
            <p className="text-xs text-muted-foreground">
              Each request carries <code className="font-mono">X-Timestamp</code> and{' '}
              <code className="font-mono">X-Signature: sha256=&lt;hex&gt;</code>, the HMAC-SHA256 of{' '}
              <code className="font-mono">timestamp.body</code> with this secret.
            </p>
          </div>
        )}
        <DialogFooter>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
