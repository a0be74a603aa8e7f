import { useState } from 'react';
import type { QrCode } from '@contract/qr-codes';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { CreateQrCodeForm } from '@/features/qr-codes/components/create-qr-code-form';
import { QrCodeImage } from '@/features/qr-codes/components/qr-code-image';
import { QR_TYPE_LABELS } from '@/features/qr-codes/utils/labels';

interface CreateQrCodeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The 'Create QR Code' dialog: the form, then the new code's image (the API's answer is shown as a QR image).
 * It starts afresh each time it opens.
 */
export function CreateQrCodeDialog({ open, onOpenChange }: CreateQrCodeDialogProps) {
  const [created, setCreated] = useState<QrCode | null>(null);

  function changeOpen(next: boolean) {
    if (!next) setCreated(null);
    onOpenChange(next);
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="max-h-[90vh] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{created ? 'QR Code Created' : 'Create QR Code'}</DialogTitle>
          <DialogDescription>
            {created
              ? 'Print it or share it. Each scan is counted; deactivate it when it should stop working.'
              : 'Anyone who scans the code is taken to the page you choose, until it expires or you deactivate it.'}
          </DialogDescription>
        </DialogHeader>
        {created ? (
          <div className="grid justify-items-center gap-4">
            <QrCodeImage value={created.scanUrl} label={`New QR code: ${QR_TYPE_LABELS[created.type]}`} />
            <div className="flex w-full min-w-0 items-center gap-1 rounded-md border bg-muted/30 py-1 pr-1 pl-2">
              <code data-testid="created-scan-url" className="min-w-0 flex-1 truncate font-mono text-xs">
                {created.scanUrl}
              </code>
              <CopyButton
                value={created.scanUrl}
                label="Copy scan link"
                failureMessage="Failed to copy the link."
              />
            </div>
            <Button className="justify-self-end" onClick={() => changeOpen(false)}>
              Done
            </Button>
          </div>
        ) : (
          open && <CreateQrCodeForm onCancel={() => changeOpen(false)} onCreated={setCreated} />
        )}
      </DialogContent>
    </Dialog>
  );
}
