import type { DbOrTx } from '../../db/client.js';
import { effectiveTier } from '../../../contract/organization.js';
import type { SessionRow, SignedInUser, UserRow } from '../../db/schema/users.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { randomToken } from '../../lib/crypto.js';
import * as repository from './auth.repository.js';
import type { MembershipRow } from './auth.repository.js';
import { SessionIdHasher } from './auth.state.js';

/* Sessions: started, resolved from a cookie, ended one by one or all but one, listed per device, purged. */

const MINUTE = 60_000;
/** lastSeenAt is written at most this often, so reads do not turn into a write per request. */
const TOUCH_INTERVAL_MS = MINUTE;
/** A sign-in waiting for its second factor is finished within minutes or not at all. */
const MFA_PENDING_LIFETIME_MS = 10 * MINUTE;

/** The HMAC-SHA256 of a session cookie's value under SESSION_SECRET: what the sessions table keeps (decision 002). */
export function sessionIdHash(ctx: AppContext, token: string): string {
  const hasher = ctx.modules.auth.sessionIds;
  // A context copied with another configuration (another secret) is another app: it never reads this one's memory.
  return hasher.config === ctx.config ? hasher.hash(token) : new SessionIdHasher(ctx.config).hash(token);
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
    // Signing in proves a factor (design 12.2); a sign-in still waiting for its second one has proved nothing yet.
    reauthenticatedAt: options.mfaPending ? null : ctx.now(),
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
  });
  return { token, expiresAt };
}

export interface ResolvedSession {
  session: SessionRow;
  user: SignedInUser;
}

/** The user as a signed-in request acts: `tier` becomes the effective tier (decision 037). */
export function signedInUser(user: UserRow | SignedInUser, membership: MembershipRow | null): SignedInUser {
  // A signed-in user again (a 2FA step's pending session): its `tier` is already the effective one.
  const ownTier = 'ownTier' in user ? user.ownTier : user.tier;
  return {
    ...user,
    tier: effectiveTier(ownTier, membership?.tier),
    ownTier,
    organization: membership,
  };
}

/**
 * A user read outside the session cache (a sign-in, an API key, a 2FA step), with their organisation read now: one
 * more read.
 */
export async function loadSignedInUser(db: DbOrTx, user: UserRow | SignedInUser): Promise<SignedInUser> {
  return signedInUser(user, await repository.findMembership(db, user.id));
}

/** The live session behind a cookie value; expired (idle or absolute) sessions are deleted and ignored. */
export async function resolveSession(ctx: AppContext, token: string): Promise<ResolvedSession | null> {
  const idHash = sessionIdHash(ctx, token);
  const found = await ctx.modules.auth.sessions.get(idHash, async () => {
    const row = await repository.findSessionWithUser(ctx.db, idHash);
    return row && { session: row.session, user: signedInUser(row.user, row.membership) };
  });
  // A deactivated account's sessions were deleted with the deactivation; one started in the same instant still ends.
  if (!found || found.user.deactivatedAt) return null;
  const now = Date.now();
  const idleLimit = found.session.lastSeenAt.getTime() + ctx.config.SESSION_IDLE_MIN * MINUTE;
  if (found.session.expiresAt.getTime() <= now || idleLimit <= now) {
    await repository.deleteSession(ctx.db, idHash);
    return null;
  }
  const { touching } = ctx.modules.auth;
  if (now - found.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS && !touching.has(found.session)) {
    // One write for a page's parallel requests, not one each in turn behind the others' locks on the row: those that
    // hold the same cached session leave it to this one, and those that come later find the new time cached.
    touching.add(found.session);
    const lastSeenAt = new Date(now);
    ctx.modules.auth.sessions.update(idHash, (entry) => ({
      ...entry,
      session: { ...entry.session, lastSeenAt },
    }));
    await repository.touchSession(ctx.db, idHash);
  }
  return found;
}

/**
 * The session behind an id hash as it stands in the database, without touching it or the cache: what an open event
 * stream re-reads when its session, user or organisation changed. Null once it ended (or expired).
 */
export async function peekSession(ctx: AppContext, idHash: string): Promise<ResolvedSession | null> {
  const row = await repository.findSessionWithUser(ctx.db, idHash);
  if (!row || row.session.mfaPending) return null;
  const now = Date.now();
  const idleLimit = row.session.lastSeenAt.getTime() + ctx.config.SESSION_IDLE_MIN * MINUTE;
  if (row.session.expiresAt.getTime() <= now || idleLimit <= now) return null;
  return { session: row.session, user: signedInUser(row.user, row.membership) };
}

/** Of the given sessions, those still signed in (one statement for every open stream of an instance). */
export async function liveSessionHashes(ctx: AppContext, idHashes: readonly string[]): Promise<Set<string>> {
  const idleSince = new Date(Date.now() - ctx.config.SESSION_IDLE_MIN * MINUTE);
  return new Set(await repository.findLiveSessionHashes(ctx.db, idHashes, idleSince));
}

/**
 * An open event stream is a page in use: its session counts as seen, as the bell's polling used to make it, at most
 * once a minute (TOUCH_INTERVAL_MS).
 */
export async function touchStreamSessions(ctx: AppContext, idHashes: readonly string[]): Promise<void> {
  await repository.touchSessions(ctx.db, idHashes, new Date(Date.now() - TOUCH_INTERVAL_MS));
}

/**
 * Until when the session counts as having lately proved a factor (its sign-in or a re-authentication): the actions
 * design 12.2 lists need `ctx.now()` before it. Null when it never proved one.
 */
export function reauthenticatedUntil(ctx: AppContext, session: SessionRow): Date | null {
  const at = session.reauthenticatedAt;
  return at ? new Date(at.getTime() + ctx.config.REAUTH_WINDOW_SECONDS * 1000) : null;
}

/** The session proved a factor just now: its window starts again. Returns when the new window ends. */
export async function markReauthenticated(ctx: AppContext, token: string): Promise<Date> {
  const idHash = sessionIdHash(ctx, token);
  const at = ctx.now();
  await repository.setReauthenticatedAt(ctx.db, idHash, at);
  // This instance's cached copy now; other instances hear of it through the change feed (the sessions trigger).
  ctx.modules.auth.sessions.update(idHash, (entry) => ({
    ...entry,
    session: { ...entry.session, reauthenticatedAt: at },
  }));
  return new Date(at.getTime() + ctx.config.REAUTH_WINDOW_SECONDS * 1000);
}

export async function endSession(ctx: AppContext, token: string): Promise<void> {
  const idHash = sessionIdHash(ctx, token);
  await repository.deleteSession(ctx.db, idHash);
  ctx.modules.auth.sessions.delete(idHash);
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

export async function listSessions(ctx: AppContext, userId: string) {
  return repository.listSessions(ctx.db, userId);
}

export async function endSessionById(ctx: AppContext, userId: string, id: string): Promise<boolean> {
  return (await repository.deleteSessionById(ctx.db, userId, id)) !== null;
}

export async function purgeExpiredSessions(ctx: AppContext): Promise<number> {
  return repository.deleteExpiredSessions(
    ctx.db,
    new Date(Date.now() - ctx.config.SESSION_IDLE_MIN * MINUTE),
  );
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

export function deviceLabel(userAgent: string | undefined): string {
  const { browser, platform } = describeDevice(userAgent);
  return `${browser} on ${platform}`;
}
