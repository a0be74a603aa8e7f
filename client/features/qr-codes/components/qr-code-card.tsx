import type { ReactNode } from 'react';
import { Ban, Trash2 } from 'lucide-react';
import type { QrCode } from '@contract/qr-codes';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { QrCodeImage } from '@/features/qr-codes/components/qr-code-image';
import { QR_TYPE_LABELS } from '@/features/qr-codes/utils/labels';
import { formatCount, formatDate, formatRelativeTime } from '@/lib/format';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="font-mono text-[0.65rem] tracking-widest text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

/** What a scan of the code opens, in words. */
function target(code: QrCode): string {
  switch (code.type) {
    case 'secure_channel':
      return code.data.channelId ? `Channel ${code.data.channelId}` : 'Secure channel page';
    case 'case_access':
      return 'One of your cases';
    case 'emergency':
      return `Code ${code.data.emergencyCode ?? ''}`;
  }
}

interface QrCodeCardProps {
  code: QrCode;
  busy: boolean;
  onDeactivate: (code: QrCode) => void;
  onDelete: (code: QrCode) => void;
}

/** One code: its image, type, Active or Expired, scans and expiry, and what can be done with it. */
export function QrCodeCard({ code, busy, onDeactivate, onDelete }: QrCodeCardProps) {
  const label = QR_TYPE_LABELS[code.type];
  return (
    <li
      data-testid="qr-code"
      className="grid gap-4 rounded-lg border bg-surface p-4 data-[expired]:opacity-75 sm:grid-cols-[auto_minmax(0,1fr)]"
      data-expired={code.status === 'Expired' || undefined}
    >
      <QrCodeImage value={code.scanUrl} label={`QR code: ${label}`} className="justify-self-center" />
      <div className="grid content-start gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">{label}</h3>
          <Badge variant={code.status === 'Active' ? 'default' : 'destructive'}>{code.status}</Badge>
          {!code.isActive && <Badge variant="outline">Deactivated</Badge>}
        </div>
        <dl className="grid grid-cols-2 gap-3">
          <Detail label="Opens">{target(code)}</Detail>
          <Detail label="Scans">{formatCount(code.scannedCount)}</Detail>
          <Detail label="Expires">{code.expiresAt ? formatDate(code.expiresAt) : 'Never'}</Detail>
          <Detail label="Last scanned">
            {code.lastScannedAt ? (
              <time dateTime={code.lastScannedAt}>{formatRelativeTime(code.lastScannedAt)}</time>
            ) : (
              'Never'
            )}
          </Detail>
        </dl>
        <div className="flex min-w-0 items-center gap-1 rounded-md border bg-muted/30 py-1 pr-1 pl-2">
          <code
            className="min-w-0 flex-1 truncate font-mono text-xs text-muted-foreground"
            title={code.scanUrl}
          >
            {code.scanUrl}
          </code>
          <CopyButton value={code.scanUrl} label="Copy scan link" failureMessage="Failed to copy the link." />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-label={`Deactivate ${label} code`}
            disabled={!code.isActive || busy}
            onClick={() => onDeactivate(code)}
          >
            <Ban aria-hidden="true" />
            Deactivate
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Delete ${label} code`}
            disabled={busy}
            onClick={() => onDelete(code)}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      </div>
    </li>
  );
}
