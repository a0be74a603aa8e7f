import { z } from 'zod';
import { listQuerySchema } from './lists.js';

/** Data rights (design 11.2): "Download my data" and "Delete my account", both under Settings > Privacy. */

export const DATA_EXPORT_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** A finished document can be downloaded for this long; afterwards the download answers 410 and it is dropped. */
export const DATA_EXPORT_TTL_DAYS = 7;

/** The `format` of the document, raised when its shape changes in a way a reader would notice. */
export const DATA_EXPORT_FORMAT = 'intel-portal-export/1';

/** How often the Privacy tab reads the list again while an export is pending or processing. */
export const DATA_EXPORT_POLL_MS = 1_500;

/**
 * The top-level keys every export document has, besides `format` and `exportedAt`: one per kind of record the
 * account holds. The browser test and the API test check the document against this list.
 */
export const DATA_EXPORT_DATASETS = [
  'user',
  'notificationPreferences',
  'orders',
  'payments',
  'subscriptions',
  'cases',
  'investigations',
  'files',
  'observables',
  'serviceInquiries',
  'vendorApplications',
  'vendorProducts',
  'secureChannelRequests',
  'notifications',
  'apiKeys',
  'passkeys',
  'organization',
  'sessions',
  'devices',
  'integrations',
  'qrCodes',
  'aiAnalyses',
  'automationRules',
  'automationRuns',
  'auditEvents',
] as const;
export type DataExportDataset = (typeof DATA_EXPORT_DATASETS)[number];

/** One "Download my data" request and where its job stands. */
export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(DATA_EXPORT_STATUSES),
  /** 0-100, moved on by the job as it collects each dataset. */
  progress: z.number().int().min(0).max(100),
  /** Why a failed export failed, safe to show its owner. */
  error: z.string().nullable(),
  /** Size of the finished document in bytes; null until completed and once expired. */
  sizeBytes: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  /** When the download stops working (410): `DATA_EXPORT_TTL_DAYS` after completion. */
  expiresAt: z.iso.datetime().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

export const dataExportsQuerySchema = listQuerySchema;

export const isDataExportActive = (item: Pick<DataExport, 'status'>) =>
  item.status === 'pending' || item.status === 'processing';

/** Whether a finished export can still be downloaded at `now`. */
export const isDataExportDownloadable = (
  item: Pick<DataExport, 'status' | 'expiresAt'>,
  now: number = Date.now(),
) => item.status === 'completed' && item.expiresAt !== null && Date.parse(item.expiresAt) > now;

/** `POST /api/account/delete`: the password, and with 2FA on an authenticator or backup code. */
export const deleteAccountRequestSchema = z.object({
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(1_000),
  code: z.string().trim().max(32, 'Enter the 6-digit code').optional(),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;

/** 202: the deletion is carried out at `scheduledFor` unless the user signs in before then. */
export const deleteAccountResponseSchema = z.object({
  scheduledFor: z.iso.datetime(),
});
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;

/**
 * `GET /api/account/deletion`: what "Delete my account" would do on this server, for its dialog to say before it is
 * asked: the grace in days before the deletion is carried out (the setting ACCOUNT_DELETION_GRACE_DAYS; 0 = within
 * a minute).
 */
export const accountDeletionTermsSchema = z.object({
  graceDays: z.number().int().min(0),
});
export type AccountDeletionTerms = z.infer<typeof accountDeletionTermsSchema>;
