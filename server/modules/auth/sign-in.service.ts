import type { LoginRequest } from '../../../contract/auth.js';
import { ssoStartUrl } from '../../../contract/sso.js';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import type { DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { emitSecurityEvent } from '../../infra/events.js';
import { AppError } from '../../lib/errors.js';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import * as audit from '../audit/audit.service.js';
import * as notifications from '../notifications/notifications.service.js';
import * as rateLimits from '../rate-limits/rate-limits.service.js';
import * as repository from './auth.repository.js';
import { deviceLabel, endSession, sessionIdHash, startSession, type NewSession } from './sessions.service.js';

/* Signing in with a password and signing out; a completed sign-in is audited with its device. */

const MINUTE = 60_000;

/** Failed sign-ins (and wrong current passwords) allowed per window. */
export function loginLimit(ctx: AppContext): rateLimits.Limit {
  return { max: ctx.config.RATE_LIMIT_LOGIN_MAX, windowMs: ctx.config.RATE_LIMIT_LOGIN_WINDOW_MIN * MINUTE };
}

export type LoginResult =
  | { kind: 'signed-in'; user: UserRow; session: NewSession }
  | { kind: 'mfa-required'; user: UserRow; session: NewSession };

/**
 * Password step of a login. Failures count per IP and email pair (so one attacker cannot lock a victim out
 * from elsewhere); a success resets the count. The new session replaces any previous one (rotation).
 */
export async function login(
  ctx: AppContext,
  input: LoginRequest,
  meta: RequestMeta,
  previousToken?: string,
): Promise<LoginResult> {
  const limitKey = `login:${meta.ip}:${input.email}`;
  const attempts = await rateLimits.countAttempt(ctx.db, limitKey, loginLimit(ctx));

  const found = await repository.findUserByEmail(ctx.db, input.email);
  // A deleted account's row stays, under an address nobody can sign in with; it counts as no account at all.
  const user = found?.deletedAt ? null : found;
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) {
    if (user && attempts === loginLimit(ctx).max) {
      const blocked = { userId: user.id, attempts };
      await notifications.notifySecurity(ctx, ctx.db, 'security.failed_logins', blocked);
      await emitSecurityEvent(ctx.events, 'security.failed_logins', blocked);
    }
    await audit.record(ctx.db, {
      action: 'auth.login_failed',
      userId: user?.id ?? null,
      subjectType: 'email',
      subject: input.email,
      subjectUserId: user?.id ?? null,
      ip: meta.ip,
      details: { reason: user ? 'wrong_password' : 'unknown_email' },
    });
    throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
  }

  await rateLimits.reset(ctx.db, limitKey);
  await refuseUnlessAllowed(ctx, user, 'password', meta);
  if (previousToken) await endSession(ctx, previousToken);

  if (user.mfaEnabled) {
    // Not signed in yet: the second factor completes the login and rotates this session again.
    return {
      kind: 'mfa-required',
      user,
      session: await startSession(ctx, ctx.db, user.id, meta, { mfaPending: true }),
    };
  }
  return { kind: 'signed-in', user, session: await completeSignIn(ctx, user.id, meta, 'password') };
}

/** How a sign-in proved who it is: SSO members of an enforced organisation may use nothing else (design 12.4). */
export type SignInMethod = 'password' | 'passkey' | 'sso';

/**
 * Why this account may not sign in this way, or null: the organisation's directory deactivated it (SCIM), or its
 * organisation enforces single sign-on and this is not it (Directors are never bound by that).
 */
async function signInRefusal(
  db: DbOrTx,
  user: Pick<UserRow, 'id' | 'email' | 'tier' | 'deactivatedAt'>,
  method: SignInMethod,
): Promise<AppError | null> {
  if (user.deactivatedAt) {
    return new AppError(
      'ACCOUNT_DEACTIVATED',
      'Your organisation has deactivated this account. Ask its administrator to reactivate it.',
    );
  }
  if (method === 'sso' || user.tier >= DIRECTOR_TIER) return null;
  const policy = await repository.findSsoPolicy(db, user.id);
  if (!policy?.enforced) return null;
  return new AppError('SSO_REQUIRED', 'Your organisation signs you in through single sign-on', {
    ssoUrl: ssoStartUrl({ email: user.email }),
  });
}

/** Refuses (403, audited as a failed sign-in) an account that may not sign in this way; see `signInRefusal`. */
export async function refuseUnlessAllowed(
  ctx: AppContext,
  user: UserRow,
  method: SignInMethod,
  meta: RequestMeta,
): Promise<void> {
  const refusal = await signInRefusal(ctx.db, user, method);
  if (!refusal) return;
  await audit.record(ctx.db, {
    action: 'auth.login_failed',
    userId: user.id,
    subjectType: 'email',
    subject: user.email,
    subjectUserId: user.id,
    ip: meta.ip,
    details: { reason: refusal.code === 'SSO_REQUIRED' ? 'sso_required' : 'deactivated', method },
  });
  throw refusal;
}

/**
 * A completed sign-in (a password, a passkey, a second factor or single sign-on): the new session and the audited
 * sign-in in one transaction; a device the account never signed in from before is announced after the commit.
 */
export async function completeSignIn(
  ctx: AppContext,
  userId: string,
  meta: RequestMeta,
  method: SignInMethod,
): Promise<NewSession> {
  const { session, newDevice } = await ctx.db.transaction(async (tx) => ({
    newDevice: await recordSignIn(ctx, tx, userId, meta, method),
    session: await startSession(ctx, tx, userId, meta),
  }));
  if (newDevice) await emitSecurityEvent(ctx.events, 'security.new_device', newDevice);
  return session;
}

export async function logout(ctx: AppContext, userId: string, token: string, meta: RequestMeta) {
  const idHash = sessionIdHash(ctx, token);
  await ctx.db.transaction(async (tx) => {
    await repository.deleteSession(tx, idHash);
    await audit.record(tx, { action: 'auth.logout', userId, ip: meta.ip });
  });
  ctx.modules.auth.sessions.delete(idHash);
}

/**
 * A completed sign-in, in its transaction: audited with its device; a device the account never signed in from
 * before raises a security alert (the first sign-in of a new account does not). Returns the new device, for the
 * caller to announce after the commit.
 */
async function recordSignIn(
  ctx: AppContext,
  db: DbOrTx,
  userId: string,
  meta: RequestMeta,
  method: SignInMethod,
) {
  await keepAccount(ctx, db, userId, meta, method);
  const device = deviceLabel(meta.userAgent);
  const known = await audit.hasSignedInFrom(db, userId, device);
  await audit.record(db, {
    action: 'auth.login_succeeded',
    userId,
    subjectType: 'user',
    subject: userId,
    ip: meta.ip,
    details: { device, ...(method === 'password' ? {} : { method }) },
  });
  if (known) return null;
  const newDevice = { userId, device, ip: meta.ip };
  await notifications.notifySecurity(ctx, db, 'security.new_device', newDevice);
  return newDevice;
}

/**
 * Signing in before a pending deletion is carried out cancels it (design 11.2), and the user is told in the app.
 * An account whose deletion is due or done cannot sign in; its row is locked, so a deletion being carried out at
 * this moment finishes first.
 */
async function keepAccount(
  ctx: AppContext,
  db: DbOrTx,
  userId: string,
  meta: RequestMeta,
  method: SignInMethod,
) {
  const user = await repository.lockUserById(db, userId);
  const due = user?.deletionScheduledFor && user.deletionScheduledFor.getTime() <= Date.now();
  if (!user || user.deletedAt || due) throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
  // Checked again on the locked row: a deactivation committed since the caller's check wins.
  const refusal = await signInRefusal(db, user, method);
  if (refusal) throw refusal;
  if (!user.deletionScheduledFor || !(await repository.cancelDeletion(db, userId))) return;
  await audit.record(db, {
    action: 'account.deletion_cancelled',
    userId,
    subjectType: 'user',
    subject: userId,
    ip: meta.ip,
  });
  await notifications.notify(ctx, db, {
    userId,
    type: 'security_alert',
    priority: 'high',
    title: 'Account deletion cancelled',
    message:
      'You signed in, so the deletion of your account that you asked for is cancelled and your account stays. API keys revoked by the request stay revoked.',
    actionUrl: '/settings',
  });
}
