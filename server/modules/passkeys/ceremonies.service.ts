import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import { WEBAUTHN_CHALLENGE_TTL_SECONDS } from '../../../contract/passkeys.js';
import type { PasskeyRow } from '../../db/schema/index.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { AppError } from '../../lib/errors.js';
import * as audit from '../audit/audit.service.js';
import { loginLimit } from '../auth/sign-in.service.js';
import * as rateLimits from '../rate-limits/rate-limits.service.js';
import * as repository from './passkeys.repository.js';
import type { ChallengePurpose } from './passkeys.repository.js';
import type { RelyingParty } from './relying-party.js';

/*
 * What every WebAuthn ceremony shares: its challenge (made, kept in PostgreSQL, taken once), the refusal (400
 * WEBAUTHN_FAILED, audited, counted under the sign-in failure limit, nothing changed) and the verification of an
 * assertion, which @simplewebauthn/server does.
 */

const CHALLENGE_TTL_MS = WEBAUTHN_CHALLENGE_TTL_SECONDS * 1000;

/** The user handle a passkey carries: the account id's bytes, so a discoverable sign-in names its account. */
export function userHandle(userId: string): Uint8Array<ArrayBuffer> {
  return isoUint8Array.fromUTF8String(userId) as Uint8Array<ArrayBuffer>;
}

/** Who a ceremony is for, and whose failure count it adds to. */
export interface CeremonyCaller {
  /** The account it is for; null for a discoverable sign-in (nobody known until it succeeds). */
  userId: string | null;
  meta: RequestMeta;
}

/**
 * A failure of a passkey ceremony is counted per account when there is one (with wrong current passwords), else
 * per address: under the sign-in failure limit (RATE_LIMIT_LOGIN_MAX in RATE_LIMIT_LOGIN_WINDOW_MIN).
 */
function limitKey(caller: CeremonyCaller): string {
  return caller.userId ? `reauth:${caller.userId}` : `login:${caller.meta.ip}:passkey`;
}

/** Counts the attempt before anything is checked (429 past the limit); `succeeded` clears the count. */
export async function countAttempt(ctx: AppContext, caller: CeremonyCaller): Promise<void> {
  await rateLimits.countAttempt(ctx.db, limitKey(caller), loginLimit(ctx));
}

export async function succeeded(ctx: AppContext, caller: CeremonyCaller): Promise<void> {
  await rateLimits.reset(ctx.db, limitKey(caller));
}

/** The one refusal of every ceremony: audited with why (for the account when one is known), told as one message. */
export async function refuse(
  ctx: AppContext,
  purpose: ChallengePurpose,
  caller: CeremonyCaller,
  reason: string,
  accountId: string | null = caller.userId,
): Promise<never> {
  await audit.record(ctx.db, {
    action: 'auth.webauthn_failed',
    userId: accountId,
    subjectType: 'user',
    subject: accountId,
    subjectUserId: accountId,
    ip: caller.meta.ip,
    details: { ceremony: purpose, reason: reason.slice(0, 200) },
  });
  throw new AppError('WEBAUTHN_FAILED', 'The passkey could not be verified. Try again.');
}

/** Keeps a fresh challenge for a ceremony about to start (the library made it). */
export async function saveChallenge(
  ctx: AppContext,
  challenge: string,
  purpose: ChallengePurpose,
  userId: string | null,
): Promise<void> {
  await repository.insertChallenge(ctx.db, {
    challenge,
    purpose,
    userId,
    expiresAt: new Date(ctx.now().getTime() + CHALLENGE_TTL_MS),
  });
}

/**
 * Takes the challenge a ceremony's client data names, once; null when it is not one this server handed out for this
 * purpose and account in the last five minutes, or was already used. Reading which challenge the client data names
 * is no check: the library compares it again with the one taken.
 */
export async function takeChallenge(
  ctx: AppContext,
  clientDataJSON: string,
  purpose: ChallengePurpose,
  userId: string | null,
): Promise<string | null> {
  let challenge: unknown;
  try {
    challenge = decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    return null;
  }
  if (typeof challenge !== 'string' || challenge.length === 0 || challenge.length > 512) return null;
  return (await repository.takeChallenge(ctx.db, challenge, purpose, userId, ctx.now())) ? challenge : null;
}

/**
 * Request options for an assertion: for `userId`'s passkeys (a second factor, a re-authentication), or for any
 * discoverable one (a sign-in, `allowCredentials` empty).
 */
export async function authenticationOptions(
  ctx: AppContext,
  rp: RelyingParty,
  purpose: Exclude<ChallengePurpose, 'registration'>,
  userId: string | null,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allowCredentials = userId
    ? (await repository.listForUser(ctx.db, userId)).map((passkey) => ({
        id: passkey.credentialId,
        transports: passkey.transports as AuthenticatorTransport[],
      }))
    : [];
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials,
    userVerification: purpose === 'mfa' ? 'preferred' : 'required',
    timeout: CHALLENGE_TTL_MS,
  });
  await saveChallenge(ctx, options.challenge, purpose, userId);
  return options;
}

/**
 * Verifies an assertion for `purpose`: the challenge taken once, the credential known (and `caller.userId`'s when
 * one is named), then @simplewebauthn/server's checks (origin, rp id, signature, flags, counter). A sign-in and a
 * re-authentication need user verification; a second factor only the key's presence, the password having been the
 * first. The use is recorded (counter, last used); every failure is a refusal. Returns the passkey used.
 */
export async function verifyAssertion(
  ctx: AppContext,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  purpose: Exclude<ChallengePurpose, 'registration'>,
  caller: CeremonyCaller,
): Promise<PasskeyRow> {
  await countAttempt(ctx, caller);
  const challenge = await takeChallenge(ctx, response.response.clientDataJSON, purpose, caller.userId);
  if (!challenge) return refuse(ctx, purpose, caller, 'unknown, used or expired challenge');
  const passkey = await repository.findByCredentialId(ctx.db, response.id);
  if (!passkey) return refuse(ctx, purpose, caller, 'unknown credential');
  if (caller.userId && passkey.userId !== caller.userId) {
    return refuse(ctx, purpose, caller, "another account's credential");
  }
  const handle = response.response.userHandle;
  if (handle && handle !== isoBase64URL.fromBuffer(userHandle(passkey.userId))) {
    return refuse(ctx, purpose, caller, 'user handle of another account', passkey.userId);
  }
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransport[],
      },
      requireUserVerification: purpose !== 'mfa',
    });
  } catch (error) {
    return refuse(ctx, purpose, caller, (error as Error).message, passkey.userId);
  }
  if (!verification.verified) return refuse(ctx, purpose, caller, 'not verified', passkey.userId);
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  const recorded = await repository.recordUse(ctx.db, passkey.id, {
    counter: newCounter,
    backedUp: credentialBackedUp,
    at: ctx.now(),
  });
  // Another request verified the same counter a moment earlier: that one counts, this one is a replay.
  if (!recorded) return refuse(ctx, purpose, caller, 'counter already used', passkey.userId);
  await succeeded(ctx, caller);
  return { ...passkey, counter: newCounter, backedUp: credentialBackedUp, lastUsedAt: ctx.now() };
}
