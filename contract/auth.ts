import { z } from 'zod';
import { authenticationResponseSchema } from './passkeys.js';
import { email, emailTokenSchema } from './email.js';
import { userOrganizationSchema } from './organization.js';

export { emailTokenSchema };

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

/** Names go into mail headers and bodies: line breaks and other control characters are refused, not stripped. */
const name = z
  .string()
  .trim()
  .max(100, 'Must be at most 100 characters')
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u001f\u007f]*$/, 'Must not contain line breaks or control characters');

/** The rules every new password meets: at registration, reset and change. */
export const newPasswordSchema = z
  .string({ error: 'Required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const registerRequestSchema = z.object({
  email,
  password: newPasswordSchema,
  firstName: name.optional(),
  lastName: name.optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email,
  password: z.string({ error: 'Required' }).min(1, 'Required').max(PASSWORD_MAX),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** The user's own tier: what they bought, or were given (billing is per user). */
  tier: z.number().int(),
  /** The tier every gate reads: the higher of `tier` and their organisation's (decision 036). */
  effectiveTier: z.number().int(),
  /** The enterprise client the user belongs to, with their role in it; null when none. */
  organization: userOrganizationSchema.nullable(),
  mfaEnabled: z.boolean(),
  /** Whether the address was confirmed through a link sent to it; unverified addresses get account mail only. */
  emailVerified: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type User = z.infer<typeof userSchema>;

/** The second factors a sign-in may finish with: an authenticator code, a backup code, a passkey. */
export const mfaMethodSchema = z.enum(['totp', 'backup_code', 'passkey']);
export type MfaMethod = z.infer<typeof mfaMethodSchema>;

/** A password accepted for an account with 2FA: the second step (`POST /api/auth/login/mfa`) takes one of `methods`. */
export const mfaRequiredSchema = z.object({
  mfaRequired: z.literal(true),
  methods: z.array(mfaMethodSchema),
});

/**
 * `GET /api/auth/user`: the user, and until when the session counts as having proved a factor lately (design 12.2;
 * null when it has not, or no longer does, and for API keys, which never do).
 */
export const currentUserSchema = userSchema.extend({ reauthenticatedUntil: z.iso.datetime().nullable() });
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const loginResponseSchema = z.union([userSchema, mfaRequiredSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Only local paths may be used as a post-login destination (no open redirect). */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value.length > 512) return null;
  return value;
}

/** `POST /api/auth/password-reset`: 202 `{}` for any valid address, known or not (no account enumeration). */
export const passwordResetRequestSchema = z.object({ email });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const passwordResetConfirmSchema = z.object({ token: emailTokenSchema, password: newPasswordSchema });
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

/** `POST /api/auth/verify-email`: confirms a registration's address or a new address from an e-mail change. */
export const verifyEmailRequestSchema = z.object({ token: emailTokenSchema });

export const changePasswordRequestSchema = z.object({
  currentPassword: z.string({ error: 'Required' }).min(1, 'Required').max(PASSWORD_MAX),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const changeEmailRequestSchema = z.object({
  newEmail: email,
  currentPassword: z.string({ error: 'Required' }).min(1, 'Required').max(PASSWORD_MAX),
});
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;

/** How long each kind of link works. */
export const PASSWORD_RESET_TTL_MINUTES = 30;
export const EMAIL_VERIFY_TTL_HOURS = 48;

export const acceptedSchema = z.object({});

/** `POST /api/auth/reauth`: proof of one factor, one of these. */
export const reauthRequestSchema = z
  .object({
    password: z.string().min(1, 'Required').max(PASSWORD_MAX).optional(),
    code: z.string().trim().min(6, 'Enter the 6-digit code').max(32).optional(),
    passkey: authenticationResponseSchema.optional(),
  })
  .refine((body) => [body.password, body.code, body.passkey].filter((v) => v !== undefined).length === 1, {
    message: 'Give your password, a code or a passkey',
    path: ['password'],
  });
export type ReauthRequest = z.infer<typeof reauthRequestSchema>;

export const reauthResponseSchema = z.object({ reauthenticatedUntil: z.iso.datetime() });
