import type { ApiKeyPermission } from '../../contract/api-keys.js';

/** How a route learns who calls it. */
export type Credentials =
  /** The session cookie, or an API key as `Authorization: Bearer` (plugins/session.ts). */
  | 'app'
  /** TAXII 2.1: an API key as HTTP Basic or Bearer, checked by the TAXII module itself (decision 016). */
  | 'taxii'
  /** `/metrics`: its own `Authorization: Bearer METRICS_TOKEN`, or loopback callers when unset (design 11.5). */
  | 'metrics'
  /** SCIM 2.0 under /scim/v2: an organisation's SCIM token as Bearer, checked by the SCIM module (design 12.4). */
  | 'scim';

/**
 * A route's access policy, declared in its options as `config: { access }` (decision 035) and read by the plugins
 * when the route is registered, by the OpenAPI document and by the authorization matrix (server/authz.test.ts).
 * Build one with `access.public()`, `access.user()`, `access.tier(n)` or `access.own(credentials)`; a route that needs a
 * recent proof of identity says `access.user({ reauth: true })`.
 */
export interface RouteAccess {
  credentials: Credentials;
  /**
   * 0: anyone; 1: any signed-in user; 2-4: that tier and above (403 TIER_REQUIRED below). Enforced before the
   * body is read (plugins/auth.ts). A route that checks something else itself (the 2FA step's half-signed-in
   * session) is 0 and says so in its schema's `security`.
   */
  tier: 0 | 1 | 2 | 3 | 4;
  /**
   * `false`: the route reads no session (a public list, health), so a browser's cookie is not looked up and every
   * cookie caller is anonymous, which fails closed (decision 014).
   */
  session: boolean;
  /** The scope an API key needs here; unset, `read` for GET, HEAD and OPTIONS and `write` for the rest. */
  keyScope?: ApiKeyPermission;
  /** `per-ip`: the coarse per-IP limit (RATE_LIMIT_GLOBAL_PER_MIN); `none`: never limited (probes). */
  rateLimit: 'per-ip' | 'none';
  /**
   * The route changes how the account is protected (design 12.2): a session must have proved a factor within
   * REAUTH_WINDOW_SECONDS, else 403 `REAUTH_REQUIRED` (plugins/auth.ts, after the tier guard). An API key proves
   * nothing interactively, so such a route needs the `admin` scope: declaring `reauth` sets `keyScope` to it.
   */
  reauth?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route and how (lib/route-access.ts); every route declares one. */
    access?: RouteAccess;
  }
}

type Tier = RouteAccess['tier'];
/** What a declaration may change from its helper's defaults. */
type AccessOptions = Partial<Pick<RouteAccess, 'session' | 'keyScope' | 'rateLimit' | 'reauth'>>;

function declare(credentials: Credentials, tier: Tier, options: AccessOptions): RouteAccess {
  if (options.reauth) {
    if (tier === 0) throw new Error('A route open to anyone has no session whose proof could be checked');
    if (options.keyScope && options.keyScope !== 'admin')
      throw new Error('A re-authenticated route needs an admin key');
    options = { ...options, keyScope: 'admin' };
  }
  return Object.freeze({ credentials, tier, session: true, rateLimit: 'per-ip', ...options });
}

/** The declarations a route's `config.access` takes. */
export const access = {
  /** Anyone, signed in or not. */
  public: (options: AccessOptions = {}) => declare('app', 0, options),
  /** Any signed-in user: a session or an API key. */
  user: (options: AccessOptions = {}) => declare('app', 1, options),
  /** A signed-in user of `tier` or above. */
  tier: (tier: 2 | 3 | 4, options: AccessOptions = {}) => declare('app', tier, options),
  /** A route that authenticates its own way: the session plugin leaves its `Authorization` header and cookie alone. */
  own: (credentials: Exclude<Credentials, 'app'>, options: AccessOptions = {}) =>
    declare(credentials, 0, { session: false, ...options }),
};

const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The scope an API key needs for a request of `method` to a route of policy `policy` (undefined: a request no
 * route claimed, which answers 404 to whatever the key may do).
 */
export function keyScopeOf(policy: RouteAccess | undefined, method: string): ApiKeyPermission {
  return policy?.keyScope ?? (READ_METHODS.has(method) ? 'read' : 'write');
}

/** Whether a key of `permissions` may make a request that needs `scope`: `admin` may all, `write` all but admin. */
export function keyAllows(permissions: readonly ApiKeyPermission[], scope: ApiKeyPermission): boolean {
  if (permissions.includes('admin')) return true;
  if (scope === 'admin') return false;
  return scope === 'read' || permissions.includes('write');
}
