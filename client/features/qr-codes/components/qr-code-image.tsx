import { QRCodeSVG } from 'qrcode.react';
import { QR_DEFAULT_SIZE, QR_ERROR_CORRECTION } from '@contract/qr-codes';
import { cn } from '@/lib/utils';

/**
 * A code's image: its scan URL at QR_DEFAULT_SIZE with QR_ERROR_CORRECTION, dark on a white quiet zone so
 * phone cameras read it on the dark theme too.
 */
export function QrCodeImage({
  value,
  label,
  className,
}: {
  value: string;
  label: string;
  className?: string;
}) {
  return (
    <div role="img" aria-label={label} className={cn('w-fit rounded-md bg-white p-3', className)}>
      <QRCodeSVG
        value={value}
        size={QR_DEFAULT_SIZE}
        level={QR_ERROR_CORRECTION}
        bgColor="#ffffff"
        fgColor="#000000"
        aria-hidden="true"
        className="h-auto max-w-full"
      />
    </div>
  );
}
