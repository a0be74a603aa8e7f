import type { QrCodeType } from '@contract/qr-codes';

export const QR_TYPE_LABELS: Record<QrCodeType, string> = {
  secure_channel: 'Secure Channel',
  case_access: 'Case Access',
  emergency: 'Emergency',
};

export const QR_TYPE_DESCRIPTIONS: Record<QrCodeType, string> = {
  secure_channel: 'Opens the secure channel request page, naming a channel if you give one.',
  case_access: 'Opens one of your cases. Only you can see it; anyone else is told it is not found.',
  emergency: 'Opens the emergency page with your code, for the 24/7 operations line.',
};
