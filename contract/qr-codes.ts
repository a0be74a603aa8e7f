export const QR_CODE_TYPES = ['secure_channel', 'case_access', 'emergency'] as const;
export type QrCodeType = (typeof QR_CODE_TYPES)[number];

export interface QrCodeData {
  caseId?: string;
  channelId?: string;
  emergencyCode?: string;
}

export const QR_DEFAULT_SIZE = 256;
export const QR_ERROR_CORRECTION = 'L';
