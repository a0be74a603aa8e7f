import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Passkey } from '../../../contract/passkeys.js';
import { WEBAUTHN_CHALLENGE_TTL_SECONDS } from '../../../contract/passkeys.js';
import type { DbOrTx } from '../../db/client.js';
import type { PasskeyRow } from '../../db/schema/index.js';
import type { UserRow } from '../../db/schema/users.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { emitSecurityEvent } from '../../infra/events.js';
import { notFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import * as audit from '../audit/audit.service.js';
import { deviceLabel } from '../auth/sessions.service.js';
import * as notifications from '../notifications/notifications.service.js';
import * as ceremonies from './ceremonies.service.js';
import * as repository from './passkeys.repository.js';
import type { RelyingParty } from './relying-party.js';

/* A user's passkeys: registered from Settings > Security, listed, renamed, removed. */

export function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    backedUp: row.backedUp,
    deviceType: row.deviceType === 'multiDevice' ? 'multiDevice' : 'singleDevice',
    transports: row.transports,
  };
}

/** Creation options for a new passkey: discoverable (resident key required), none of the user's existing ones. */
export async function registrationOptions(
  ctx: AppContext,
  rp: RelyingParty,
  user: UserRow,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await repository.listForUser(ctx.db, user.id);
  const displayName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: ceremonies.userHandle(user.id),
    userName: user.email,
    userDisplayName: displayName,
    timeout: WEBAUTHN_CHALLENGE_TTL_SECONDS * 1000,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credentialId,
      transports: passkey.transports as AuthenticatorTransport[],
    })),
    authenticatorSelection: {
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'preferred',
    },
  });
  await ceremonies.saveChallenge(ctx, options.challenge, 'registration', user.id);
  return options;
}

/**
 * Registers the passkey the ceremony made: the challenge taken once, then @simplewebauthn/server's checks. Audited
 * and mailed to the account (a security alert) in the same transaction.
 */
export async function register(
  ctx: AppContext,
  rp: RelyingParty,
  user: UserRow,
  input: { response: RegistrationResponseJSON; name?: string },
  meta: RequestMeta,
): Promise<Passkey> {
  const caller = { userId: user.id, meta };
  await ceremonies.countAttempt(ctx, caller);
  const challenge = await ceremonies.takeChallenge(
    ctx,
    input.response.response.clientDataJSON,
    'registration',
    user.id,
  );
  if (!challenge) return ceremonies.refuse(ctx, 'registration', caller, 'unknown, used or expired challenge');
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch (error) {
    return ceremonies.refuse(ctx, 'registration', caller, (error as Error).message);
  }
  if (!verification.verified) return ceremonies.refuse(ctx, 'registration', caller, 'not verified');
  const info = verification.registrationInfo;
  const name = input.name ?? deviceLabel(meta.userAgent);
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await repository.insertPasskey(tx, {
      userId: user.id,
      credentialId: info.credential.id,
      publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
      counter: info.credential.counter,
      transports: info.credential.transports ?? input.response.response.transports ?? [],
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      aaguid: info.aaguid,
      name,
    });
    if (inserted) await recordChange(ctx, tx, inserted, true, meta);
    return inserted;
  });
  if (!row) return ceremonies.refuse(ctx, 'registration', caller, 'credential already registered');
  await ceremonies.succeeded(ctx, caller);
  await emitSecurityEvent(ctx.events, 'security.passkey_changed', { userId: user.id, name, added: true });
  return toPasskey(row);
}

async function recordChange(ctx: AppContext, tx: DbOrTx, row: PasskeyRow, added: boolean, meta: RequestMeta) {
  await audit.record(tx, {
    action: added ? 'auth.passkey_added' : 'auth.passkey_removed',
    userId: row.userId,
    subjectType: 'passkey',
    subject: row.id,
    subjectUserId: row.userId,
    ip: meta.ip,
    details: { name: row.name, deviceType: row.deviceType, backedUp: row.backedUp },
  });
  await notifications.notifySecurity(ctx, tx, 'security.passkey_changed', {
    userId: row.userId,
    name: row.name,
    added,
  });
}

export async function list(ctx: AppContext, userId: string): Promise<Passkey[]> {
  return (await repository.listForUser(ctx.db, userId)).map(toPasskey);
}

/** Whether the account has a passkey (the 2FA step then offers one). */
export async function hasPasskey(ctx: AppContext, userId: string): Promise<boolean> {
  return (await repository.countForUser(ctx.db, userId)) > 0;
}

export async function rename(ctx: AppContext, userId: string, id: string, name: string): Promise<Passkey> {
  const row = isId(id) ? await repository.rename(ctx.db, userId, id, name) : null;
  if (!row) throw notFound('Passkey');
  return toPasskey(row);
}

export async function remove(ctx: AppContext, userId: string, id: string, meta: RequestMeta): Promise<void> {
  const row = isId(id)
    ? await ctx.db.transaction(async (tx) => {
        const removed = await repository.remove(tx, userId, id);
        if (removed) await recordChange(ctx, tx, removed, false, meta);
        return removed;
      })
    : null;
  if (!row) throw notFound('Passkey');
  await emitSecurityEvent(ctx.events, 'security.passkey_changed', { userId, name: row.name, added: false });
}

/** Challenges past their five minutes, never taken. */
export async function purgeExpiredChallenges(ctx: AppContext): Promise<number> {
  return repository.deleteExpiredChallenges(ctx.db, ctx.now());
}
