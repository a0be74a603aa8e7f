import { z } from 'zod';
import { email as emailSchema } from './email.js';

/*
 * Enterprise single sign-on with OpenID Connect (design 12.4, decision 038): one identity provider per enterprise
 * client, set by an owner; the authorization code flow with PKCE, state and nonce; just-in-time accounts.
 */

export const SSO_START_PATH = '/api/auth/sso/start';
export const SSO_CALLBACK_PATH = '/api/auth/sso/callback';
/** Where every failed sign-in lands: the sign-in page says "Single sign-on failed". */
export const SSO_FAILED_PATH = '/login?error=sso';
export const SSO_FAILED_MESSAGE = 'Single sign-on failed';

/** The scopes asked for: the ID token must carry `email` and `email_verified`. */
export const SSO_SCOPES = 'openid email profile';

/** Where a sign-in through the organisation's identity provider starts (the `ssoUrl` of a 403 `SSO_REQUIRED`). */
export function ssoStartUrl(input: { email?: string; organization?: string; returnTo?: string }): string {
  const query = new URLSearchParams();
  if (input.email) query.set('email', input.email);
  if (input.organization) query.set('organization', input.organization);
  if (input.returnTo) query.set('returnTo', input.returnTo);
  return `${SSO_START_PATH}?${query.toString()}`;
}

const MESSAGES = {
  issuer: 'The issuer must be an https address, such as https://login.example.com',
  clientId: 'Enter the client id the identity provider gave you',
  clientSecret: 'Enter the client secret the identity provider gave you',
} as const;

/** `PUT /api/organization/sso`: the secret may be left out to keep the stored one. */
export const ssoSettingsRequestSchema = z.object({
  issuer: z
    .string({ error: MESSAGES.issuer })
    .trim()
    .min(1, MESSAGES.issuer)
    .max(500, MESSAGES.issuer)
    .pipe(z.url({ protocol: /^https?$/, error: MESSAGES.issuer })),
  clientId: z.string({ error: MESSAGES.clientId }).trim().min(1, MESSAGES.clientId).max(500),
  clientSecret: z.string({ error: MESSAGES.clientSecret }).max(2000).optional(),
  enforced: z.boolean().default(false),
});
export type SsoSettingsRequest = z.input<typeof ssoSettingsRequestSchema>;

/** `GET|PUT /api/organization/sso`: never the secret, only whether one is stored. */
export const ssoSettingsSchema = z.object({
  issuer: z.string(),
  clientId: z.string(),
  enforced: z.boolean(),
  redirectUri: z.string(),
  hasSecret: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

/** `GET /api/auth/sso/lookup?email=`: only whether the address's domain signs in through SSO. */
export const ssoLookupQuerySchema = z.object({ email: emailSchema });
export const ssoLookupSchema = z.object({ sso: z.boolean() });
export type SsoLookup = z.infer<typeof ssoLookupSchema>;

export const ssoStartQuerySchema = z.object({
  email: z.string().max(254).optional(),
  organization: z.string().max(100).optional(),
  returnTo: z.string().max(512).optional(),
  /** An owner's test sign-in: nobody is signed in; the result comes back to the Organisation page. */
  test: z.enum(['1']).optional(),
});

/**
 * Why a sign-in failed: recorded in the audit event, and the answer of an owner's test sign-in
 * (`/organization?ssoTest=<reason>`), which the Organisation page shows in words.
 */
export const SSO_FAILURES = {
  not_configured: 'No single sign-on is set up for this address.',
  discovery_failed:
    'The issuer’s discovery document could not be read: check the issuer address and that the portal can reach it.',
  idp_error: 'The identity provider refused the sign-in (it answered with an error instead of a code).',
  state_invalid: 'The sign-in expired, was used already or was started in another browser. Start it again.',
  token_exchange_failed:
    'The identity provider refused to exchange the code: check the client id, the client secret and the redirect URI registered there.',
  id_token_invalid:
    'The ID token did not verify (signature, issuer, audience, expiry or nonce): check the client id and the signing keys.',
  email_missing:
    'The ID token carries no e-mail address: add the "email" scope or claim at the identity provider.',
  email_unverified: 'The identity provider does not say the e-mail address is verified (email_verified).',
  email_domain: 'The e-mail address is not on the organisation’s domain.',
  account_unavailable:
    'This account cannot sign in here: it was deactivated, deleted or belongs to another organisation.',
} as const;
export type SsoFailure = keyof typeof SSO_FAILURES;
export const SSO_TEST_OK = 'ok';

export function ssoTestResultText(result: string): string | null {
  if (result === SSO_TEST_OK) return 'Test sign-in succeeded: the identity provider is set up correctly.';
  return (SSO_FAILURES as Record<string, string>)[result] ?? null;
}

/** `GET /api/organization/scim`: where the directory sends its requests and when the token was made. */
export const scimSettingsSchema = z.object({
  baseUrl: z.string(),
  tokenCreatedAt: z.iso.datetime().nullable(),
});
export type ScimSettings = z.infer<typeof scimSettingsSchema>;

/** `POST /api/organization/scim-token`: the new token, shown this once; the previous one stops working. */
export const scimTokenSchema = z.object({ token: z.string(), createdAt: z.iso.datetime() });
export type ScimToken = z.infer<typeof scimTokenSchema>;
