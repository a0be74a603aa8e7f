import { z } from 'zod';

/** Every error code the API answers with, and its HTTP status. One table for server and client. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  /** A reset, verification or e-mail change link that is unknown, used, expired or altered. */
  TOKEN_INVALID: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  MFA_REQUIRED: 401,
  /** A passkey ceremony that did not verify: bad signature, unknown credential, wrong origin, used challenge... */
  WEBAUTHN_FAILED: 400,
  FORBIDDEN: 403,
  TIER_REQUIRED: 403,
  /** The session has not proved a factor within REAUTH_WINDOW_SECONDS: `POST /api/auth/reauth`, then try again. */
  REAUTH_REQUIRED: 403,
  /** The organisation enforces single sign-on: sign in at `ssoUrl` (design 12.4). */
  SSO_REQUIRED: 403,
  /** The organisation's directory deactivated the account (SCIM): no sign-in until it is reactivated. */
  ACCOUNT_DEACTIVATED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  OUT_OF_STOCK: 409,
  /** An upgrade is asked for while another one still waits for its payment or a Director's approval. */
  UPGRADE_PENDING: 409,
  /** Something that existed and is no longer kept (an expired data export). */
  GONE: 410,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const errorIssueSchema = z.object({ path: z.string(), message: z.string() });

export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  issues: z.array(errorIssueSchema).optional(),
  requiredTier: z.number().int().optional(),
  /** With `SSO_REQUIRED`: where the sign-in through the organisation's identity provider starts. */
  ssoUrl: z.string().optional(),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
