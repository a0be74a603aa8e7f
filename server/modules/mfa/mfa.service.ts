import { randomBytes } from 'node:crypto';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { MfaMethod, User } from '../../../contract/auth.js';
import { BACKUP_CODE_COUNT, type MfaSetup } from '../../../contract/mfa.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { hmacSha256 } from '../../lib/crypto.js';
import { AppError, conflict } from '../../lib/errors.js';
import { SecretBox } from '../../lib/secret-box.js';
import { newTotpSecret, qrDataUrl, totpUri, verifyTotp } from '../../lib/totp.js';
import * as audit from '../audit/audit.service.js';
import * as notifications from '../notifications/notifications.service.js';
import type { UserRow } from '../../db/schema/users.js';
import * as auth from '../auth/auth.service.js';
import * as sessions from '../auth/sessions.service.js';
import * as signIn from '../auth/sign-in.service.js';
import type { NewSession, ResolvedSession } from '../auth/sessions.service.js';
import * as ceremonies from '../passkeys/ceremonies.service.js';
import * as passkeys from '../passkeys/passkeys.service.js';
import type { RelyingParty } from '../passkeys/relying-party.js';
import * as rateLimits from '../rate-limits/rate-limits.service.js';
import * as repository from './mfa.repository.js';
import { emitSecurityEvent } from '../../infra/events.js';

const ISSUER = 'Intel Portal';
const MINUTE = 60_000;

function box(ctx: AppContext) {
  return new SecretBox(ctx.config.mfaEncryptionKey);
}

/** 64 random bits each, shown as xxxx-xxxx-xxxx-xxxx. */
function newBackupCode(): string {
  return randomBytes(8).toString('hex').match(/.{4}/g)?.join('-') ?? '';
}

function backupCodeHash(ctx: AppContext, code: string): string {
  return hmacSha256(ctx.config.mfaEncryptionKey, code.toLowerCase().replace(/[^0-9a-f]/g, ''));
}

function mfaLimit(ctx: AppContext): rateLimits.Limit {
  return { max: ctx.config.RATE_LIMIT_MFA_MAX, windowMs: ctx.config.RATE_LIMIT_MFA_WINDOW_MIN * MINUTE };
}

const invalidCode = () =>
  new AppError('VALIDATION_FAILED', 'Invalid verification code', {
    issues: [{ path: 'code', message: 'Invalid verification code' }],
  });

/**
 * Every code check goes through here: 429 once the account has had too many wrong codes in the window
 * (RATE_LIMIT_MFA_MAX in RATE_LIMIT_MFA_WINDOW_MIN, by default 5 in 5 minutes). Each code is counted before it is
 * checked, so codes sent at the same moment cannot get past the limit together; a right one clears the count.
 */
async function checkCode(
  ctx: AppContext,
  userId: string,
  check: () => Promise<boolean>,
  ip?: string,
): Promise<void> {
  const key = `mfa:${userId}`;
  await rateLimits.countAttempt(ctx.db, key, mfaLimit(ctx));
  if (await check()) {
    await rateLimits.reset(ctx.db, key);
    return;
  }
  await audit.record(ctx.db, { action: 'auth.mfa_failed', userId, subjectType: 'user', subject: userId, ip });
  throw invalidCode();
}

/** A TOTP code for the enabled secret, accepted once per time step. */
async function acceptTotp(ctx: AppContext, user: UserRow, code: string): Promise<boolean> {
  if (!user.mfaSecret || !/^\d{6}$/.test(code)) return false;
  const step = await verifyTotp(box(ctx).open(user.mfaSecret), code, user.mfaLastTimeStep);
  return step !== null && (await repository.advanceTimeStep(ctx.db, user.id, step));
}

async function acceptTotpOrBackupCode(ctx: AppContext, user: UserRow, code: string): Promise<boolean> {
  return (
    (await acceptTotp(ctx, user, code.trim())) ||
    (await repository.useBackupCode(ctx.db, user.id, backupCodeHash(ctx, code)))
  );
}

/** The second factors the account can finish a sign-in with (design 12.2). */
export async function methods(ctx: AppContext, userId: string): Promise<MfaMethod[]> {
  const found: MfaMethod[] = ['totp', 'backup_code'];
  if (await passkeys.hasPasskey(ctx, userId)) found.push('passkey');
  return found;
}

/** Step 1: a fresh secret and backup codes, kept pending until a first code proves the app has the secret. */
export async function setup(ctx: AppContext, user: UserRow): Promise<MfaSetup> {
  if (user.mfaEnabled) throw conflict('Two-factor authentication is already enabled');
  const secret = newTotpSecret();
  const backupCodes = Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode);
  await ctx.db.transaction((tx) =>
    repository.savePendingSetup(
      tx,
      user.id,
      box(ctx).seal(secret),
      backupCodes.map((code) => backupCodeHash(ctx, code)),
    ),
  );
  // The next step reads the pending secret from the signed-in user: this instance must not serve a cached row
  // from before it (other instances hear of the change through the change feed).
  ctx.forgetUser(user.id);
  return { qrCodeUrl: await qrDataUrl(totpUri(secret, user.email, ISSUER)), secret, backupCodes };
}

/** Step 2: the first code turns 2FA on; the user's other sessions end. */
export async function enable(
  ctx: AppContext,
  user: UserRow,
  code: string,
  meta: RequestMeta,
  token?: string,
) {
  if (user.mfaEnabled) throw conflict('Two-factor authentication is already enabled');
  if (!user.mfaPendingSecret) {
    throw new AppError('VALIDATION_FAILED', 'Start the two-factor setup first', {
      issues: [{ path: 'code', message: 'Start the two-factor setup first' }],
    });
  }
  const pending = user.mfaPendingSecret;
  let step: number | null = null;
  await checkCode(
    ctx,
    user.id,
    async () => {
      step = await verifyTotp(box(ctx).open(pending), code, null);
      return step !== null;
    },
    meta.ip,
  );
  await ctx.db.transaction(async (tx) => {
    await repository.enable(tx, user.id, pending, step!);
    await sessions.endOtherSessions(ctx, tx, user.id, token);
    await audit.record(tx, {
      action: 'auth.mfa_enabled',
      userId: user.id,
      subjectType: 'user',
      subject: user.id,
      ip: meta.ip,
    });
    await notifications.notifySecurity(ctx, tx, 'security.mfa_changed', { userId: user.id, enabled: true });
  });
  ctx.forgetUser(user.id);
  await emitSecurityEvent(ctx.events, 'security.mfa_changed', { userId: user.id, enabled: true });
}

/** Turning 2FA off takes a current code or a backup code; the user's other sessions end. */
export async function disable(
  ctx: AppContext,
  user: UserRow,
  code: string,
  meta: RequestMeta,
  token?: string,
) {
  if (!user.mfaEnabled) throw conflict('Two-factor authentication is not enabled');
  await checkCode(ctx, user.id, () => acceptTotpOrBackupCode(ctx, user, code), meta.ip);
  await ctx.db.transaction(async (tx) => {
    await repository.disable(tx, user.id);
    await sessions.endOtherSessions(ctx, tx, user.id, token);
    await audit.record(tx, {
      action: 'auth.mfa_disabled',
      userId: user.id,
      subjectType: 'user',
      subject: user.id,
      ip: meta.ip,
    });
    await notifications.notifySecurity(ctx, tx, 'security.mfa_changed', { userId: user.id, enabled: false });
  });
  ctx.forgetUser(user.id);
  await emitSecurityEvent(ctx.events, 'security.mfa_changed', { userId: user.id, enabled: false });
}

/** The second step of a 2FA sign-in: the waiting session is replaced by a signed-in one (rotation). */
export async function completeLogin(
  ctx: AppContext,
  pending: ResolvedSession,
  token: string,
  proof: { code: string } | { passkey: AuthenticationResponseJSON; rp: RelyingParty },
  meta: RequestMeta,
): Promise<{ user: User; session: NewSession }> {
  const { user } = pending;
  if ('code' in proof) {
    await checkCode(ctx, user.id, () => acceptTotpOrBackupCode(ctx, user, proof.code), meta.ip);
  } else {
    await ceremonies.verifyAssertion(ctx, proof.rp, proof.passkey, 'mfa', { userId: user.id, meta });
  }
  await sessions.endSession(ctx, token);
  const session = await signIn.completeSignIn(ctx, user.id, meta, 'password');
  // As the password sign-in answers: with the effective tier and the organisation (design 12.3).
  return { user: auth.toPublicUser(await sessions.loadSignedInUser(ctx.db, user)), session };
}

/**
 * A code (from the app or a backup code) confirming a sensitive change other than 2FA itself, such as deleting the
 * account: the same check, limit and audit of wrong codes as turning 2FA off.
 */
export async function verifyCode(ctx: AppContext, user: UserRow, code: string, meta: RequestMeta) {
  await checkCode(ctx, user.id, () => acceptTotpOrBackupCode(ctx, user, code), meta.ip);
}

/**
 * A new set of backup codes, replacing every earlier one (used or not); shown this once. Needs 2FA on and a recent
 * proof (design 12.2, the route's `reauth`).
 */
export async function regenerateBackupCodes(
  ctx: AppContext,
  user: UserRow,
  meta: RequestMeta,
): Promise<string[]> {
  if (!user.mfaEnabled) throw conflict('Two-factor authentication is not enabled');
  const backupCodes = Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode);
  await ctx.db.transaction(async (tx) => {
    await repository.replaceBackupCodes(
      tx,
      user.id,
      backupCodes.map((code) => backupCodeHash(ctx, code)),
    );
    await audit.record(tx, {
      action: 'auth.backup_codes_regenerated',
      userId: user.id,
      subjectType: 'user',
      subject: user.id,
      ip: meta.ip,
    });
  });
  return backupCodes;
}

export class EncryptionKeyMismatch extends Error {}

/**
 * Whether MFA_ENCRYPTION_KEY opens the 2FA secrets stored in the database: the server checks it at start-up and
 * `db:restore` after restoring, so that a database restored (or moved) without the key it was written with fails
 * loudly instead of every 2FA account failing to sign in later. Throws `EncryptionKeyMismatch` saying how many
 * accounts are affected; returns how many secrets it opened (0 when no account has 2FA).
 */
export async function checkEncryptionKey(ctx: AppContext): Promise<number> {
  const { sealed, enabled } = await repository.sampleSealedSecrets(ctx.db, 3);
  for (const value of sealed) {
    try {
      box(ctx).open(value);
    } catch {
      throw new EncryptionKeyMismatch(
        `MFA_ENCRYPTION_KEY does not open the 2FA secrets stored in this database (${enabled} account(s) with 2FA ` +
          'on): it is not the key they were encrypted with. Start with that key (keep it with every backup); ' +
          'without it those accounts cannot complete a 2FA sign-in until 2FA is reset for them.',
      );
    }
  }
  return sealed.length;
}
