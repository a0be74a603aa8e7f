import { parseCookie, stringifySetCookie, type SetCookie } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiKeyPermission } from '../../contract/api-keys.js';
import { SESSION_HINT_COOKIE } from '../../contract/session.js';
import type { AppContext, RequestMeta } from '../infra/context.js';
import { sha256 } from '../lib/crypto.js';
import { AppError, forbidden } from '../lib/errors.js';
import { keyAllows, keyScopeOf } from '../lib/route-access.js';
import { hookList, routeMethods } from '../lib/route-options.js';
import * as apiKeys from '../modules/api-keys/api-keys.service.js';
import type { SessionRow, SignedInUser } from '../db/schema/users.js';
import * as sessions from '../modules/auth/sessions.service.js';
import type { NewSession, ResolvedSession } from '../modules/auth/sessions.service.js';

/** Who a request acts for: a browser session or an API key (never both). */
export interface AuthContext {
  /** `tier` is the effective tier (decision 037); `ownTier` the user's own. */
  user: SignedInUser;
  session: SessionRow | null;
  apiKey: { id: string; permissions: ApiKeyPermission[] } | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user (null when anonymous or half-way through a 2FA login). */
    auth: AuthContext | null;
    /** A session that passed the password step and waits for its second factor. */
    pendingMfa: ResolvedSession | null;
    /** The raw session cookie value, when one was sent. */
    sessionToken: string | undefined;
  }
  interface FastifyReply {
    startSession(session: NewSession): FastifyReply;
    endSessionCookie(): FastifyReply;
    /** Sets or clears the signed-in hint cookie to match the request's session (decision 013); for HTML pages. */
    syncSessionHint(): FastifyReply;
  }
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  const auth = request.auth;
  const session = auth?.session ? auth.session.id : auth?.apiKey ? `key:${auth.apiKey.id}` : undefined;
  return { ip: request.ip, userAgent: request.headers['user-agent'], session };
}

/** One cookie of the request's `Cookie` header, undefined when it was not sent. */
function requestCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  return header === undefined ? undefined : parseCookie(header)[name];
}

type CookieAttributes = Omit<SetCookie, 'name' | 'value'>;

/** Adds a `Set-Cookie` header to the answer (Fastify keeps every one set, in order). */
function setCookie(
  reply: FastifyReply,
  name: string,
  value: string,
  attributes: CookieAttributes,
): FastifyReply {
  return reply.header('set-cookie', stringifySetCookie({ name, value, ...attributes }));
}

/** Tells the browser to drop a cookie at once. */
function clearCookie(reply: FastifyReply, name: string, attributes: CookieAttributes): FastifyReply {
  return setCookie(reply, name, '', { ...attributes, expires: new Date(0), maxAge: 0 });
}

/**
 * The hint's value for a session: a short hash of its token, which tells the page's scripts one session's hint from
 * the next one's (a tab whose session ended sees whether the browser signed in again meanwhile) and nothing about
 * the token itself.
 */
export function sessionHint(token: string): string {
  return sha256(`session-hint:${token}`).slice(0, 16);
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * API key scopes: `read` allows GET, `write` allows mutations, `admin` allows what the owner's tier allows. The scope
 * a request needs is its route's declaration (`config.access.keyScope`, lib/route-access.ts): account security and
 * data rights declare `admin`.
 */
function assertKeyScope(request: FastifyRequest, permissions: ApiKeyPermission[]): void {
  const scope = keyScopeOf(request.routeOptions.config.access, request.method);
  if (keyAllows(permissions, scope)) return;
  throw forbidden(
    scope === 'admin'
      ? 'This API key needs the admin permission for this call'
      : 'This API key may only read',
  );
}

/**
 * Server-side sessions (decision 002): the cookie holds a 256-bit random id, Postgres holds its HMAC.
 * `__Host-` prefix and Secure when COOKIE_SECURE; always HttpOnly and SameSite=Lax. API clients send
 * `Authorization: Bearer <key>` instead; keys are never read from the URL.
 *
 * The `Cookie` header is parsed here, only by a request that has a session to look up or a page to send, and
 * `Set-Cookie` written with the `cookie` package: @fastify/cookie ran a hook of its own on every request and
 * every answer, for two cookies only this plugin reads and writes (decision 032).
 */
export default fp(
  async function sessionPlugin(app: FastifyInstance, options: { ctx: AppContext }) {
    const { ctx } = options;
    const secure = ctx.config.COOKIE_SECURE;
    const cookieName = secure ? '__Host-sid' : 'sid';
    const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure } as const;
    // The signed-in hint (decision 013): the same life as the session cookie, readable by the page's scripts.
    const hintOptions = { ...cookieOptions, httpOnly: false } as const;

    app.decorateRequest('auth', null);
    app.decorateRequest('pendingMfa', null);
    app.decorateRequest('sessionToken', undefined);

    app.decorateReply('startSession', function (this: FastifyReply, session: NewSession) {
      setCookie(this, cookieName, session.token, cookieOptions);
      return setCookie(this, SESSION_HINT_COOKIE, sessionHint(session.token), hintOptions);
    });
    app.decorateReply('endSessionCookie', function (this: FastifyReply) {
      clearCookie(this, cookieName, cookieOptions);
      return clearCookie(this, SESSION_HINT_COOKIE, hintOptions);
    });

    /** `Authorization: Bearer <key>`: the key's owner, within the key's scope, or a 401 or 403. */
    const authenticateKey = async (request: FastifyRequest, authorization: string) => {
      const [scheme, key] = authorization.split(' ');
      const found = scheme === 'Bearer' && key ? await apiKeys.authenticate(ctx, key) : null;
      if (!found) throw new AppError('UNAUTHENTICATED', 'Invalid or expired API key');
      assertKeyScope(request, found.apiKey.permissions);
      request.auth = { user: found.user, session: null, apiKey: found.apiKey };
    };

    const resumeSession = async (request: FastifyRequest) => {
      const token = requestCookie(request, cookieName);
      if (!token || token.length > 128) return;
      request.sessionToken = token;
      const resolved = await sessions.resolveSession(ctx, token);
      // An unknown or expired cookie is ignored, not cleared: a request that left before a sign-in in another tab
      // rotated the session would otherwise answer after it and clear the new cookie, signing the browser out.
      if (!resolved) return;
      if (resolved.session.mfaPending) request.pendingMfa = resolved;
      else request.auth = { ...resolved, apiKey: null };
    };

    // Most requests bring neither a key nor a cookie, and a route that reads no session says so
    // (`access.session: false`): those go on at once, without a promise (decision 014). A key is checked on every
    // route that takes the app's credentials and on every request no route claimed, so a wrong one is a 401
    // wherever it is sent. A route that authenticates its own way (TAXII's keys, /metrics' token) keeps its
    // `Authorization` header to itself (decision 035).
    app.addHook('onRequest', function sessionOrKey(request, _reply, done) {
      const { authorization, cookie } = request.headers;
      // Read only when the request brings credentials: Fastify makes `routeOptions` anew on every read.
      if (authorization === undefined && cookie === undefined) return done();
      const policy = request.routeOptions.config.access;
      if (authorization !== undefined && (policy === undefined || policy.credentials === 'app')) {
        authenticateKey(request, authorization).then(() => done(), done);
      } else if (cookie === undefined || policy?.session === false) {
        done();
      } else {
        resumeSession(request).then(() => done(), done);
      }
    });

    // Every page load brings the hint in line with the session it carries, before the page's scripts read it: set
    // to this session's value where it is missing or another's (an older session's, or one from before hints had
    // values), cleared once no session is left (one that expired or was ended elsewhere). Called by what sends the
    // app's HTML (plugins/client.ts), and nothing else: assets are cached and must not carry cookies, and an API
    // answer has no hint to bring in line.
    app.decorateReply('syncSessionHint', function (this: FastifyReply) {
      const { auth, sessionToken } = this.request;
      const hint = requestCookie(this.request, SESSION_HINT_COOKIE);
      const expected = auth?.session && sessionToken !== undefined ? sessionHint(sessionToken) : undefined;
      if (expected !== undefined && hint !== expected)
        setCookie(this, SESSION_HINT_COOKIE, expected, hintOptions);
      if (expected === undefined && hint !== undefined) clearCookie(this, SESSION_HINT_COOKIE, hintOptions);
      return this;
    });

    // The change feed tells every instance about a write a moment after it commits; a user's own change must show
    // on their very next request, so this instance forgets what it holds for them before answering. A hook of the
    // routes that mutate: a read has nothing to forget.
    const forgetWriter = (
      request: FastifyRequest,
      _reply: FastifyReply,
      payload: unknown,
      done: (error: null, payload: unknown) => void,
    ) => {
      const userId = request.auth?.user.id ?? request.pendingMfa?.user.id;
      if (userId) ctx.forgetUser(userId);
      done(null, payload);
    };
    app.addHook('onRoute', (route) => {
      if (routeMethods(route).every((method) => READ_METHODS.has(method))) return;
      route.onSend = [...hookList(route.onSend), forgetWriter];
    });
  },
  { name: 'session' },
);
