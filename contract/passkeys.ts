import { z } from 'zod';

/*
 * Passkeys and security keys (WebAuthn, design 12.2). The browser's `@simplewebauthn/browser` turns the options below
 * into a ceremony and its result into the `response` objects the server verifies with `@simplewebauthn/server`.
 * These schemas only bound the shapes and sizes; every WebAuthn check is the library's.
 */

/** A challenge lives this long and works once. */
export const WEBAUTHN_CHALLENGE_TTL_SECONDS = 300;
export const PASSKEY_NAME_MAX = 60;

const base64url = (max: number) =>
  z
    .string({ error: 'Required' })
    .max(max, 'Too long')
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'Must be base64url');

/** `navigator.credentials.create()`'s result as JSON (`RegistrationResponseJSON`). */
export const registrationResponseSchema = z.object({
  id: base64url(1400).min(1, 'Required'),
  rawId: base64url(1400).min(1, 'Required'),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096).min(1, 'Required'),
    attestationObject: base64url(65_536).min(1, 'Required'),
    authenticatorData: base64url(16_384).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(16_384).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z
    .object({ credProps: z.object({ rk: z.boolean().optional() }).optional() })
    .default({}),
});

/** `navigator.credentials.get()`'s result as JSON (`AuthenticationResponseJSON`). */
export const authenticationResponseSchema = z.object({
  id: base64url(1400).min(1, 'Required'),
  rawId: base64url(1400).min(1, 'Required'),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096).min(1, 'Required'),
    authenticatorData: base64url(16_384).min(1, 'Required'),
    // Post-quantum signatures (ML-DSA, offered by the library's defaults) run to a few kilobytes.
    signature: base64url(16_384).min(1, 'Required'),
    userHandle: base64url(256).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z
    .object({ credProps: z.object({ rk: z.boolean().optional() }).optional() })
    .default({}),
});
export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;

const credentialDescriptorSchema = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});

/** `PublicKeyCredentialCreationOptionsJSON`, for `startRegistration({ optionsJSON })`. */
export const registrationOptionsSchema = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.string().optional(),
      residentKey: z.string().optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: z.string().optional(),
    })
    .optional(),
  attestation: z.string().optional(),
  hints: z.array(z.string()).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});

/** `PublicKeyCredentialRequestOptionsJSON`, for `startAuthentication({ optionsJSON })`. */
export const authenticationOptionsSchema = z.object({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
  allowCredentials: z.array(credentialDescriptorSchema).optional(),
  userVerification: z.string().optional(),
  hints: z.array(z.string()).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});

export const passkeyNameSchema = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(PASSKEY_NAME_MAX, `Must be at most ${PASSKEY_NAME_MAX} characters`)
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u001f\u007f]*$/, 'Must not contain line breaks or control characters');

/** `POST /api/auth/passkeys`: the ceremony's result, and a name (default: the browser and system it was made on). */
export const createPasskeyRequestSchema = z.object({
  response: registrationResponseSchema,
  name: passkeyNameSchema.optional(),
});

export const renamePasskeyRequestSchema = z.object({ name: passkeyNameSchema });
export type RenamePasskeyRequest = z.infer<typeof renamePasskeyRequestSchema>;

/** `POST /api/auth/passkeys/authentication`: a discoverable sign-in. */
export const passkeyAuthenticationRequestSchema = z.object({ response: authenticationResponseSchema });

/** A passkey as its owner sees it; the public key itself never leaves the server. */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  /** Whether the passkey is backed up (synced to the person's other devices by their password manager). */
  backedUp: z.boolean(),
  /** `multiDevice`: may be synced; `singleDevice`: bound to this authenticator (a security key, say). */
  deviceType: z.enum(['singleDevice', 'multiDevice']),
  transports: z.array(z.string()),
});
export type Passkey = z.infer<typeof passkeySchema>;

/**
 * `POST /api/auth/passkeys/authentication/options`: `{}` (or `sign-in`) for a discoverable sign-in; `mfa` for the
 * second step of a 2FA sign-in and `reauth` for a signed-in session confirming it is still its owner, both limited
 * to the account's own passkeys.
 */
export const authenticationOptionsRequestSchema = z.object({
  purpose: z.enum(['sign-in', 'mfa', 'reauth']).default('sign-in'),
});
