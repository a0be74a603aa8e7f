import { TriangleAlert } from 'lucide-react';
import type { CreatedApiKey } from '@contract/api-keys';
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

interface CreatedKeyDialogProps {
  /** The key just created, or null when the dialog is closed. */
  created: CreatedApiKey | null;
  onClose: () => void;
}

/** The one and only view of a new key's full value (the server keeps a hash only). */
export function CreatedKeyDialog({ created, onClose }: CreatedKeyDialogProps) {
  return (
    <Dialog open={created !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-w-xl"
        // A stray click outside must not lose the key: close with the button, the cross or Escape.
        onInteractOutside={(event) => event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>API key created</DialogTitle>
          <DialogDescription>{created ? `"${created.name}" is ready to use.` : ''}</DialogDescription>
        </DialogHeader>
        {created && (
          <div className="grid gap-4">
            <p
              role="alert"
              className="flex items-start gap-2 rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-warning"
            >
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              Copy this key now. It will not be shown again: only its prefix is kept on our side.
            </p>
            <div className="flex items-center gap-1 rounded-md border bg-surface py-1.5 pr-1.5 pl-3">
              <code data-testid="created-api-key" className="min-w-0 flex-1 font-mono text-sm break-all">
                {created.key}
              </code>
              <CopyButton
                value={created.key}
                label="Copy API key"
                failureMessage="Failed to copy the API key"
                variant="outline"
              >
                Copy
              </CopyButton>
            </div>
            <p className="text-xs text-muted-foreground">
              Send it as <code className="font-mono">Authorization: Bearer &lt;key&gt;</code>. The API
              reference is at{' '}
              <a href="/api/docs" className="text-primary underline-offset-4 hover:underline">
                /api/docs
              </a>
              .
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
