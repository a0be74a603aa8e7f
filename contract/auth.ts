import { z } from 'zod';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

const email = z
  .string({ error: 'Required' })
  .trim()
  .toLowerCase()
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Invalid email' }));

const name = z.string().trim().max(100, 'Must be at most 100 characters');

export const registerRequestSchema = z.object({
  email,
  password: z
    .string({ error: 'Required' })
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  firstName: name.optional(),
  lastName: name.optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email,
  password: z.string({ error: 'Required' }).min(1, 'Required').max(PASSWORD_MAX),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const mfaLoginRequestSchema = z.object({
  code: z.string({ error: 'Required' }).trim().min(6, 'Enter the 6-digit code').max(32),
});

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  tier: z.number().int(),
  mfaEnabled: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type User = z.infer<typeof userSchema>;

export const mfaRequiredSchema = z.object({ mfaRequired: z.literal(true) });

export const loginResponseSchema = z.union([userSchema, mfaRequiredSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Only local paths may be used as a post-login destination (no open redirect). */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value.length > 512) return null;
  return value;
}

/** TOTP codes are 6 digits (spec 5.8); backup codes are longer and accepted where a code may be one. */
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
