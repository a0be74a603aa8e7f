import { z } from 'zod';
import { authenticationResponseSchema } from './passkeys.js';

/** The second step of a sign-in (`POST /api/auth/login/mfa`): an authenticator code, a backup code or a passkey. */
export const mfaLoginRequestSchema = z
  .object({
    code: z.string({ error: 'Required' }).trim().min(6, 'Enter the 6-digit code').max(32).optional(),
    passkey: authenticationResponseSchema.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.passkey === undefined), {
    message: 'Required',
    path: ['code'],
  });

/** TOTP codes are 6 digits (the form submits at exactly 6); backup codes are longer and accepted where a code may be one. */
export const MFA_CODE_LENGTH = 6;
export const BACKUP_CODE_COUNT = 10;

export const totpCodeSchema = z
  .string({ error: 'Required' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code');

export const mfaEnableRequestSchema = z.object({ code: totpCodeSchema });
/** Disabling accepts the authenticator code or one of the backup codes. */
export const mfaDisableRequestSchema = z.object({
  code: z.string({ error: 'Required' }).trim().min(6, 'Enter the 6-digit code').max(32),
});

export const mfaSetupSchema = z.object({
  /** The otpauth:// URI as a PNG data URL, for authenticator apps to scan. */
  qrCodeUrl: z.string(),
  secret: z.string(),
  backupCodes: z.array(z.string()),
});
export type MfaSetup = z.infer<typeof mfaSetupSchema>;

/** `POST /api/auth/mfa/backup-codes`: a new set of backup codes, replacing every earlier one; shown this once. */
export const backupCodesSchema = z.object({ backupCodes: z.array(z.string()) });
