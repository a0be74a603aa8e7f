import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import type { AppConfig } from '../../config/env.js';
import type { SessionRow, SignedInUser } from '../../db/schema/users.js';
import { CoherentCache } from '../../infra/change-feed.js';
import type { AppContext } from '../../infra/context.js';
import type { ModuleState } from '../../infra/module.js';
import { TtlCache } from '../../lib/ttl-cache.js';

/** A session cached with its user: at most 30 s (decision 004), kept coherent by the change feed. */
const SESSION_TTL_MS = 30_000;
const MAX_SESSIONS = 20_000;
/**
 * Cookie values seen lately, with their HMACs: a browser sends the same cookie with every request, and the HMAC
 * cost about two microseconds, as much as the rest of a cached session lookup (decision 024). At most RECENT_HASHES,
 * the oldest forgotten first, so a flood of made-up cookies costs an HMAC each and no memory.
 */
const RECENT_HASHES = 10_000;

/** The HMAC-SHA256 of session cookie values under one configuration's SESSION_SECRET, remembering the recent ones. */
export class SessionIdHasher {
  private readonly key: KeyObject;
  private readonly recent = new TtlCache<string, string>(Infinity, RECENT_HASHES);

  constructor(readonly config: AppConfig) {
    this.key = createSecretKey(Buffer.from(config.sessionSecret));
  }

  hash(token: string): string {
    let hash = this.recent.get(token);
    if (hash === undefined) {
      hash = createHmac('sha256', this.key).update(token).digest('hex');
      this.recent.set(token, hash);
    }
    return hash;
  }
}

/** What the auth module keeps per app: the session lookup's cache and the session ids' hasher. */
export interface AuthState extends ModuleState {
  /** Session id hash -> the session and its user. */
  sessions: CoherentCache<{ session: SessionRow; user: SignedInUser }>;
  sessionIds: SessionIdHasher;
  /**
   * The cached sessions whose last-seen time a request is writing (by the object's identity): the requests of a page
   * that hold the same cached session meanwhile leave the write to that one.
   */
  touching: WeakSet<SessionRow>;
  forgetUser(userId: string): void;
}

declare module '../../infra/context.js' {
  interface AppModules {
    auth: AuthState;
  }
}

export function createAuthState(ctx: AppContext): AuthState {
  const sessions = new CoherentCache<{ session: SessionRow; user: SignedInUser }>(
    ctx.changes,
    SESSION_TTL_MS,
    MAX_SESSIONS,
  );
  const forgetUser = (userId: string) => sessions.deleteWhere((entry) => entry.user.id === userId);
  // Users and sessions are announced by their tables' triggers (migration 0008), memberships as their user and
  // a client's tier, name or domain as its organisation (migration 0025).
  ctx.changes.onChange((topic, key) => {
    if (topic === 'user') forgetUser(key);
    else if (topic === 'session') sessions.delete(key);
    else if (topic === 'organization') sessions.deleteWhere((entry) => entry.user.organization?.id === key);
  });
  return { sessions, sessionIds: new SessionIdHasher(ctx.config), touching: new WeakSet(), forgetUser };
}
