import { useState } from 'react';
import { Plus, QrCode as QrCodeIcon } from 'lucide-react';
import type { QrCode } from '@contract/qr-codes';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState, QueryStates } from '@/components/ui/list-states';
import { toast } from '@/components/ui/use-toast';
import { useDeactivateQrCode } from '@/features/qr-codes/api/deactivate-qr-code';
import { useDeleteQrCode } from '@/features/qr-codes/api/delete-qr-code';
import { useQrCodes } from '@/features/qr-codes/api/get-qr-codes';
import { CreateQrCodeDialog } from '@/features/qr-codes/components/create-qr-code-dialog';
import { QrCodeCard } from '@/features/qr-codes/components/qr-code-card';
import { QR_TYPE_LABELS } from '@/features/qr-codes/utils/labels';
import { toastFailure } from '@/lib/failure-toast';

type PendingAction = { kind: 'deactivate' | 'delete'; code: QrCode };

function CodeList({ onCreate }: { onCreate: () => void }) {
  const codes = useQrCodes();
  const deactivate = useDeactivateQrCode();
  const remove = useDeleteQrCode();
  const [confirming, setConfirming] = useState<PendingAction | null>(null);
  const busyId = deactivate.isPending ? deactivate.variables : remove.isPending ? remove.variables : null;

  function run({ kind, code }: PendingAction) {
    const label = QR_TYPE_LABELS[code.type];
    const callbacks = {
      onSuccess: () => {
        setConfirming(null);
        toast(
          kind === 'deactivate'
            ? { title: 'QR code deactivated', description: `The ${label} code no longer opens anything.` }
            : { title: 'QR code deleted', description: `The ${label} code is gone.` },
        );
      },
      onError: (error: Error) => {
        setConfirming(null);
        toastFailure(
          error,
          kind === 'deactivate' ? 'Failed to deactivate the QR code.' : 'Failed to delete the QR code.',
        );
      },
    };
    if (kind === 'deactivate') deactivate.mutate(code.id, callbacks);
    else remove.mutate(code.id, callbacks);
  }

  return (
    <QueryStates
      query={codes}
      loading={{ label: 'Loading QR codes', rowClassName: 'h-64' }}
      error="Your QR codes could not be loaded."
      empty={
        <EmptyState
          icon={QrCodeIcon}
          title="No QR codes yet"
          action={
            <Button variant="outline" className="mt-2" onClick={onCreate}>
              <Plus aria-hidden="true" />
              Create QR Code
            </Button>
          }
        >
          Make one for a secure channel, one of your cases or an emergency contact card.
        </EmptyState>
      }
    >
      {(data) => (
        <>
          <ul aria-label="QR codes" className="grid gap-4 xl:grid-cols-2">
            {data.map((code) => (
              <QrCodeCard
                key={code.id}
                code={code}
                busy={busyId === code.id}
                onDeactivate={(target) => setConfirming({ kind: 'deactivate', code: target })}
                onDelete={(target) => setConfirming({ kind: 'delete', code: target })}
              />
            ))}
          </ul>
          <ConfirmDialog
            open={confirming !== null}
            onCancel={() => setConfirming(null)}
            onConfirm={() => confirming && run(confirming)}
            title={confirming?.kind === 'delete' ? 'Delete this QR code?' : 'Deactivate this QR code?'}
            description={
              confirming?.kind === 'delete'
                ? 'The code and its scan count are removed. Printed copies stop working.'
                : 'Scans of this code will lead to the expired page from now on. This cannot be undone.'
            }
            confirmLabel={confirming?.kind === 'delete' ? 'Delete code' : 'Deactivate code'}
            pendingLabel={confirming?.kind === 'delete' ? 'Deleting' : 'Deactivating'}
            pending={deactivate.isPending || remove.isPending}
          />
        </>
      )}
    </QueryStates>
  );
}

/** The QR Codes tab: each code as an image with its state and scans, and a dialog to make more. */
export function QrCodesPanel() {
  const [creating, setCreating] = useState(false);
  return (
    <section aria-labelledby="qr-codes-heading" className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <h2 id="qr-codes-heading" className="text-xl font-semibold">
            QR Codes
          </h2>
          <p className="max-w-2xl text-sm text-muted-foreground">
            Codes that open a secure channel, one of your cases or your emergency page when scanned.
          </p>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          Create QR Code
        </Button>
      </div>
      <CodeList onCreate={() => setCreating(true)} />
      <CreateQrCodeDialog open={creating} onOpenChange={setCreating} />
    </section>
  );
}
