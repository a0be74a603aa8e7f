import { z } from 'zod';

export const QR_CODE_TYPES = ['secure_channel', 'case_access', 'emergency'] as const;
export type QrCodeType = (typeof QR_CODE_TYPES)[number];

export interface QrCodeData {
  caseId?: string;
  channelId?: string;
  emergencyCode?: string;
}

export const QR_DEFAULT_SIZE = 256;
export const QR_ERROR_CORRECTION = 'L';

/** A code is Active while it is switched on and not past its expiry; otherwise Expired. */
export const QR_CODE_STATUSES = ['Active', 'Expired'] as const;
export type QrCodeStatus = (typeof QR_CODE_STATUSES)[number];

export const QR_EMERGENCY_CODE_MAX = 64;
export const QR_CHANNEL_ID_MAX = 64;

/** Where a scan lands: the app's path `/q/{token}`; the server answers it with a redirect. */
export const QR_SCAN_PATH_PREFIX = '/q/';

export const QR_MESSAGES = {
  type: 'Type must be secure_channel, case_access or emergency',
  caseRequired: 'Choose the case this code opens',
  caseNotFound: 'Case not found',
  emergencyCodeRequired: 'Emergency code is required',
  expiryInvalid: 'Invalid date',
  expiryPast: 'Expiry must be in the future',
} as const;

/** Empty text means "not given", so a form's blank field and an absent key read the same. */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => value || undefined);

const caseId = z
  .string({ error: QR_MESSAGES.caseRequired })
  .trim()
  .min(1, QR_MESSAGES.caseRequired)
  .max(100, QR_MESSAGES.caseNotFound);

/** Optional; when given, a moment in the future (the code stops working then). */
export const qrExpiresAtSchema = z.iso
  .datetime({ offset: true, error: QR_MESSAGES.expiryInvalid })
  .refine((value) => new Date(value).getTime() > Date.now(), QR_MESSAGES.expiryPast)
  .optional();

/**
 * `POST /api/qr-codes`. The data a code carries depends on its type: a secure channel code may name a
 * channel, a case code must name one of the user's cases (the server checks it is theirs), an emergency code
 * carries the short code the holder quotes to the operations line. Keys of the other types are dropped.
 */
export const createQrCodeRequestSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('secure_channel'),
      expiresAt: qrExpiresAtSchema,
      data: z
        .object({ channelId: optionalText(QR_CHANNEL_ID_MAX, 'Channel ID') })
        .default({ channelId: undefined }),
    }),
    z.object({
      type: z.literal('case_access'),
      expiresAt: qrExpiresAtSchema,
      data: z.object({ caseId }, { error: QR_MESSAGES.caseRequired }),
    }),
    z.object({
      type: z.literal('emergency'),
      expiresAt: qrExpiresAtSchema,
      data: z.object(
        {
          emergencyCode: z
            .string({ error: QR_MESSAGES.emergencyCodeRequired })
            .trim()
            .min(1, QR_MESSAGES.emergencyCodeRequired)
            .max(QR_EMERGENCY_CODE_MAX, `Emergency code must be at most ${QR_EMERGENCY_CODE_MAX} characters`),
        },
        { error: QR_MESSAGES.emergencyCodeRequired },
      ),
    }),
  ],
  { error: QR_MESSAGES.type },
);
export type CreateQrCodeRequest = z.input<typeof createQrCodeRequestSchema>;
export type CreateQrCodeInput = z.output<typeof createQrCodeRequestSchema>;

export const qrCodeSchema = z.object({
  id: z.string(),
  type: z.enum(QR_CODE_TYPES),
  expiresAt: z.iso.datetime().nullable(),
  data: z.object({
    caseId: z.string().optional(),
    channelId: z.string().optional(),
    emergencyCode: z.string().optional(),
  }),
  scannedCount: z.number().int(),
  lastScannedAt: z.iso.datetime().nullable(),
  isActive: z.boolean(),
  status: z.enum(QR_CODE_STATUSES),
  /** The absolute URL the QR image encodes (`/q/{token}` on the public base URL). */
  scanUrl: z.string(),
  createdAt: z.iso.datetime(),
});
export type QrCode = z.infer<typeof qrCodeSchema>;
