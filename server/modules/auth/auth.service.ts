import type { LoginRequest, RegisterRequest, User } from '../../../contract/auth.js';
import type { Tier } from '../../../contract/tiers.js';
import type { DbOrTx } from '../../db/client.js';
import type { AppContext, RequestMeta } from '../../lib/context.js';
import { hmacSha256, randomToken } from '../../lib/crypto.js';
import { AppError, conflict } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import * as audit from '../audit/audit.service.js';
import * as rateLimits from '../rate-limits/rate-limits.service.js';
import * as repository from './auth.repository.js';
import type { SessionRow, UserRow } from './auth.repository.js';
import { emitSecurityEvent } from '../../lib/events.js';

const MINUTE = 60_000;
/** lastSeenAt is written at most this often, so reads do not turn into a write per request. */
const TOUCH_INTERVAL_MS = MINUTE;
/** A sign-in waiting for its second factor is finished within minutes or not at all. */
const MFA_PENDING_LIFETIME_MS = 10 * MINUTE;

export function toPublicUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    tier: row.tier,
    mfaEnabled: row.mfaEnabled,
    createdAt: row.createdAt.toISOString(),
  };
}

function sessionIdHash(ctx: AppContext, token: string): string {
  return hmacSha256(ctx.config.sessionSecret, token);
}

export interface NewSession {
  token: string;
  expiresAt: Date;
}

export async function startSession(
  ctx: AppContext,
  db: DbOrTx,
  userId: string,
  meta: RequestMeta,
  options: { mfaPending?: boolean } = {},
): Promise<NewSession> {
  const token = randomToken(32);
  const lifetime = options.mfaPending
    ? MFA_PENDING_LIFETIME_MS
    : ctx.config.SESSION_ABSOLUTE_HOURS * 60 * MINUTE;
  const expiresAt = new Date(Date.now() + lifetime);
  await repository.insertSession(db, {
    idHash: sessionIdHash(ctx, token),
    userId,
    mfaPending: options.mfaPending ?? false,
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
  });
  return { token, expiresAt };
}

export interface ResolvedSession {
  session: SessionRow;
  user: UserRow;
}

/** The live session behind a cookie value; expired (idle or absolute) sessions are deleted and ignored. */
export async function resolveSession(ctx: AppContext, token: string): Promise<ResolvedSession | null> {
  const idHash = sessionIdHash(ctx, token);
  const found = await ctx.caches.sessions.get(idHash, () => repository.findSessionWithUser(ctx.db, idHash));
  if (!found) return null;
  const now = Date.now();
  const idleLimit = found.session.lastSeenAt.getTime() + ctx.config.SESSION_IDLE_MIN * MINUTE;
  if (found.session.expiresAt.getTime() <= now || idleLimit <= now) {
    await repository.deleteSession(ctx.db, idHash);
    return null;
  }
  if (now - found.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await repository.touchSession(ctx.db, idHash);
    const lastSeenAt = new Date(now);
    ctx.caches.sessions.update(idHash, (entry) => ({ ...entry, session: { ...entry.session, lastSeenAt } }));
  }
  return found;
}

export async function endSession(ctx: AppContext, token: string): Promise<void> {
  const idHash = sessionIdHash(ctx, token);
  await repository.deleteSession(ctx.db, idHash);
  ctx.caches.sessions.delete(idHash);
}

export interface CreateUserInput {
  email: string;
  password: string;
  firstName?: string | null;
  lastName?: string | null;
  tier?: Tier;
}

/** Creates an account (register, CLI and seed all come here); 409 when the email is taken. */
export async function createUser(
  ctx: AppContext,
  input: CreateUserInput,
  meta: { ip?: string; userAgent?: string; action: 'auth.registered' | 'user.created' },
): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const user = await repository.insertUser(tx, {
      email: input.email.trim().toLowerCase(),
      passwordHash,
      firstName: input.firstName?.trim() || null,
      lastName: input.lastName?.trim() || null,
      tier: input.tier ?? 1,
    });
    if (!user) throw conflict('An account with this email already exists');
    await audit.record(tx, {
      action: meta.action,
      userId: user.id,
      ip: meta.ip,
      details: {
        tier: user.tier,
        ...(meta.userAgent !== undefined ? { device: deviceLabel(meta.userAgent) } : {}),
      },
    });
    return user;
  });
}

function registerLimit(ctx: AppContext): rateLimits.Limit {
  return {
    max: ctx.config.RATE_LIMIT_REGISTER_MAX,
    windowMs: ctx.config.RATE_LIMIT_REGISTER_WINDOW_MIN * MINUTE,
  };
}

function loginLimit(ctx: AppContext): rateLimits.Limit {
  return { max: ctx.config.RATE_LIMIT_LOGIN_MAX, windowMs: ctx.config.RATE_LIMIT_LOGIN_WINDOW_MIN * MINUTE };
}

export async function register(
  ctx: AppContext,
  input: RegisterRequest,
  meta: RequestMeta,
  previousToken?: string,
): Promise<{ user: UserRow; session: NewSession }> {
  await rateLimits.consume(ctx.db, `register:${meta.ip}`, registerLimit(ctx));
  const user = await createUser(ctx, input, { ...meta, action: 'auth.registered' });
  if (previousToken) await endSession(ctx, previousToken);
  return { user, session: await startSession(ctx, ctx.db, user.id, meta) };
}

export type LoginResult =
  { kind: 'signed-in'; user: UserRow; session: NewSession } | { kind: 'mfa-required'; session: NewSession };

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
  await rateLimits.assertNotBlocked(ctx.db, limitKey, loginLimit(ctx));

  const user = await repository.findUserByEmail(ctx.db, input.email);
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) {
    const failures = await rateLimits.recordFailure(ctx.db, limitKey, loginLimit(ctx));
    if (user && failures === loginLimit(ctx).max) {
      await emitSecurityEvent(ctx.events, 'security.failed_logins', { userId: user.id, attempts: failures });
    }
    await audit.record(ctx.db, {
      action: 'auth.login_failed',
      userId: user?.id ?? null,
      subject: input.email,
      ip: meta.ip,
      details: { reason: user ? 'wrong_password' : 'unknown_email' },
    });
    throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
  }

  await rateLimits.reset(ctx.db, limitKey);
  if (previousToken) await endSession(ctx, previousToken);

  if (user.mfaEnabled) {
    // Not signed in yet: the second factor completes the login and rotates this session again.
    return {
      kind: 'mfa-required',
      session: await startSession(ctx, ctx.db, user.id, meta, { mfaPending: true }),
    };
  }
  const { result, newDevice } = await ctx.db.transaction(async (tx) => ({
    newDevice: await recordSignIn(ctx, tx, user.id, meta),
    result: { kind: 'signed-in' as const, user, session: await startSession(ctx, tx, user.id, meta) },
  }));
  if (newDevice) await emitSecurityEvent(ctx.events, 'security.new_device', newDevice);
  return result;
}

export async function logout(ctx: AppContext, userId: string, token: string, meta: RequestMeta) {
  const idHash = sessionIdHash(ctx, token);
  await ctx.db.transaction(async (tx) => {
    await repository.deleteSession(tx, idHash);
    await audit.record(tx, { action: 'auth.logout', userId, ip: meta.ip });
  });
  ctx.caches.sessions.delete(idHash);
}

/** After a security change (2FA on or off): every session of the user but the current one ends. */
export async function endOtherSessions(
  ctx: AppContext,
  db: DbOrTx,
  userId: string,
  keepToken: string | undefined,
) {
  await repository.deleteSessionsExcept(db, userId, keepToken ? sessionIdHash(ctx, keepToken) : null);
}

/** A readable name for the browser and system behind a User-Agent, e.g. 'Chrome on Linux'. */
export function describeDevice(userAgent: string | undefined): { browser: string; platform: string } {
  const ua = userAgent ?? '';
  const platform = /Android/i.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/i.test(ua)
      ? 'iOS'
      : /Windows/i.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/i.test(ua)
          ? 'macOS'
          : /Linux|X11/i.test(ua)
            ? 'Linux'
            : 'Unknown';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : /curl|node|python|axios|fetch/i.test(ua)
            ? 'Script'
            : 'Browser';
  return { browser, platform };
}

function deviceLabel(userAgent: string | undefined): string {
  const { browser, platform } = describeDevice(userAgent);
  return `${browser} on ${platform}`;
}

/**
 * A completed sign-in: audited with its device; a device the account never signed in from before raises a
 * security alert (the first sign-in of a new account does not).
 */
export async function recordSignIn(ctx: AppContext, db: DbOrTx, userId: string, meta: RequestMeta) {
  const device = deviceLabel(meta.userAgent);
  const known = await audit.hasSignedInFrom(db, userId, device);
  await audit.record(db, { action: 'auth.login_succeeded', userId, ip: meta.ip, details: { device } });
  return known ? null : { userId, device, ip: meta.ip };
}

export async function findUserByEmail(ctx: AppContext, email: string): Promise<UserRow | null> {
  return repository.findUserByEmail(ctx.db, email.trim().toLowerCase());
}

/** Operator and payment path for tier changes; audited in the same transaction. */
export async function setTier(
  ctx: AppContext,
  userId: string,
  tier: Tier,
  meta: { ip?: string; reason: string },
): Promise<UserRow> {
  return ctx.db.transaction(async (tx) => (await changeTier(tx, userId, tier, meta)).after);
}

/** A tier change inside the caller's transaction (an upgrade taking effect), audited with it. */
export async function changeTier(
  db: DbOrTx,
  userId: string,
  tier: number,
  meta: { ip?: string; reason: string },
): Promise<{ before: UserRow; after: UserRow }> {
  const before = await repository.findUserById(db, userId);
  if (!before) throw new AppError('NOT_FOUND', 'User not found');
  const after = await repository.updateTier(db, userId, tier);
  await audit.record(db, {
    action: 'user.tier_changed',
    userId,
    ip: meta.ip,
    details: { from: before.tier, to: tier, reason: meta.reason },
  });
  return { before, after: after! };
}

/** An account by id, for other modules (an agent to assign, say); null when there is none. */
export async function findUser(db: DbOrTx, userId: string): Promise<UserRow | null> {
  return isId(userId) ? repository.findUserById(db, userId) : null;
}

/** The user's row, locked in the caller's transaction so concurrent tier changes of one user queue up. */
export async function lockUser(db: DbOrTx, userId: string): Promise<UserRow | null> {
  return repository.lockUserById(db, userId);
}

export async function purgeExpiredSessions(ctx: AppContext): Promise<number> {
  return repository.deleteExpiredSessions(
    ctx.db,
    new Date(Date.now() - ctx.config.SESSION_IDLE_MIN * MINUTE),
  );
}

export async function listSessions(ctx: AppContext, userId: string) {
  return repository.listSessions(ctx.db, userId);
}

export async function endSessionById(ctx: AppContext, userId: string, id: string): Promise<boolean> {
  return (await repository.deleteSessionById(ctx.db, userId, id)) !== null;
}

export interface DomainMembers {
  members: { id: string; email: string; tier: number }[];
  /** Every user of the domain, including those past the cut-off. */
  total: number;
}

/**
 * Users at each of these e-mail domains (exact domain, case-insensitive), keyed by the lower-cased domain: for
 * enterprise clients, whose members are the users of their domain. At most `perDomain` each, one query for all.
 */
export async function listUsersByEmailDomains(
  db: DbOrTx,
  domains: string[],
  perDomain: number,
): Promise<Map<string, DomainMembers>> {
  const wanted = [...new Set(domains.map((domain) => domain.toLowerCase()))];
  const byDomain = new Map<string, DomainMembers>(
    wanted.map((domain) => [domain, { members: [], total: 0 }]),
  );
  for (const row of await repository.listUsersByEmailDomains(db, wanted, perDomain)) {
    const entry = byDomain.get(row.domain);
    if (!entry) continue;
    entry.members.push({ id: row.id, email: row.email, tier: row.tier });
    entry.total = row.total;
  }
  return byDomain;
}
