import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import ipaddr from 'ipaddr.js';
import type { AppConfig } from '../config/env.js';
import { AppError, forbidden, rateLimited } from '../lib/errors.js';
import { BODY_METHODS, hookList, routeMethods } from '../lib/route-options.js';
import { TtlCache } from '../lib/ttl-cache.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads a `multipart/form-data` body (an upload) instead of JSON. */
    multipart?: boolean;
  }
}

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** No request of the contract nests deeper than a STIX bundle (under 10 levels); this leaves a wide margin. */
export const MAX_BODY_DEPTH = 64;

/** How deep a parsed JSON value nests, walked without recursion (a hostile body may nest thousands of levels). */
export function nestingDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth > deepest) deepest = depth;
    if (deepest > limit) return deepest;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return deepest;
}

function sameOrigin(origin: string, host: string): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** helmet's options: a strict CSP, HSTS behind TLS. */
export function helmetOptions(config: AppConfig): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and recharts set style attributes and inject small <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.COOKIE_SECURE ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: config.COOKIE_SECURE ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  };
}

type HelmetMiddleware = ReturnType<typeof helmet>;

/**
 * The headers helmet sets, computed once: none of them depends on the request, and building them per request
 * (parsing the CSP directives again each time, as @fastify/helmet does) cost a seventh of a `/healthz` answer.
 */
export function securityHeaders(config: AppConfig): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  helmet(helmetOptions(config))(
    {} as Parameters<HelmetMiddleware>[0],
    response as unknown as Parameters<HelmetMiddleware>[1],
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return Object.freeze(headers);
}

/**
 * The headers of an answer no browser renders as a page (JSON, a PDF, a file download): what OWASP's REST Security
 * Cheat Sheet asks of an API, with a CSP that allows nothing at all (an uploaded file opened in a tab runs no script)
 * and the document set's HSTS. The document set's others (COOP, Origin-Agent-Cluster, the referrer policy, the DNS
 * prefetch, download and cross-domain policy switches) act only on a rendered page, and each costs every answer its
 * bytes: on `/healthz` the document set was three quarters of the answer (decision 024).
 */
export function apiSecurityHeaders(
  documentHeaders: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  const hsts = documentHeaders['strict-transport-security'];
  return Object.freeze({
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(hsts === undefined ? {} : { 'strict-transport-security': hsts }),
  });
}

/** Paths whose answers are never a page besides the API's: health, metrics, the TAXII feed, SCIM. */
const OTHER_API_PATH = /^\/(?:healthz|readyz|metrics|taxii2|scim\/)/;
const API_DOCS = '/api/docs';

/**
 * Which of the two header sets an answer to `url` gets: the API's for the API (its HTML documentation, `/api/docs`
 * and below, aside) and the paths of OTHER_API_PATH. Every request asks, most of them under `/api/`, which prefix
 * tests answer (the one regular expression of before took about 0.4 us of a cached list's answer, profiled on a slow
 * machine).
 */
export function isApiPath(url: string): boolean {
  if (!url.startsWith('/api/')) return OTHER_API_PATH.test(url);
  if (!url.startsWith(API_DOCS)) return true;
  // `/api/docs`, `/api/docs/...` and `/api/docs?...` are the documentation; `/api/docsx` is an API path.
  const after = url[API_DOCS.length];
  return !(after === undefined || after === '/' || after === '?');
}

/**
 * Whether the browser says another site caused this request (`Sec-Fetch-Site: cross-site`, or an `Origin` that is not
 * this host): the CSRF check of the mutations, and of `GET /api/logout`, which changes something on a navigation.
 * A typed address or a bookmark (`none`), this app's own pages and clients that send neither header pass.
 */
export function foreignRequest(request: FastifyRequest): 'cross-site' | 'cross-origin' | null {
  if (request.headers['sec-fetch-site'] === 'cross-site') return 'cross-site';
  const origin = request.headers.origin;
  if (origin !== undefined && !sameOrigin(origin, request.host)) return 'cross-origin';
  return null;
}

/**
 * An onRequest hook of the routes that change something under /api/: refuses cross-site requests (CSRF, beside the
 * cookie's SameSite=Lax) and bodies that are not JSON. Reads never run it.
 */
function refuseForeignMutation(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  const foreign = foreignRequest(request);
  if (foreign === 'cross-site') return done(forbidden('Cross-site request refused'));
  if (foreign === 'cross-origin') return done(forbidden('Cross-origin request refused'));
  if (BODY_METHODS.has(request.method)) {
    const type = request.headers['content-type'] ?? '';
    // Uploads (evidence files) take multipart bodies, on the routes that say so and nowhere else.
    const multipart = request.routeOptions.config.multipart === true && /^multipart\/form-data\b/i.test(type);
    if (!multipart && !/^application\/json\b/i.test(type)) {
      return done(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json'));
    }
  }
  done();
}

/**
 * Whose allowance a request spends: an IPv4 address as it is, an IPv6 one by its /64 (one household or server, as the
 * limiter's own key does) and an IPv4-mapped one as the IPv4 address. The limiter's own key ran an IPv6 pattern over
 * every address, the IPv4 ones that are nearly all of them included (issue 33).
 */
export function rateLimitKey(ip: string): string {
  if (!ip.includes(':')) return ip;
  try {
    const address = ipaddr.process(ip);
    return address.kind() === 'ipv4'
      ? address.toString()
      : ipaddr.IPv6.networkAddressFromCIDR(`${ip}/64`).toNormalizedString();
  } catch {
    // Not an address (a proxy's header said something else): its own key, as the limiter's would be.
    return ip.toLowerCase();
  }
}

/** The per-address limit counts an address's requests for a minute from its first. */
const LIMIT_WINDOW_MS = 60_000;
/** Addresses counted at once; past that the oldest window is forgotten, so a flood of addresses cannot grow memory. */
const LIMITED_ADDRESSES = 10_000;

/**
 * The coarse per-address limit (decision 002): at most `max` requests a minute from one address (`rateLimitKey`),
 * counted in this instance's memory; the sensitive limits (sign-in, registration, codes, the secure channel) are
 * counted in PostgreSQL, across instances. An onRequest hook of each limited route, after its guards: it tells the
 * client its allowance (`X-RateLimit-Limit`, `-Remaining`, `-Reset` in seconds) and answers 429 with `Retry-After`
 * once it is spent. Synchronous, where @fastify/rate-limit, which it replaces, awaited four promises a request
 * (decision 042).
 */
function perAddressLimit(max: number) {
  const windows = new TtlCache<string, { requests: number; endsAt: number }>(
    LIMIT_WINDOW_MS,
    LIMITED_ADDRESSES,
  );
  const allowance = String(max);
  return function rateLimit(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    // A connection closed while an earlier hook awaited (a session read) has no address left: no one to count.
    if (request.ip === undefined) return done();
    const key = rateLimitKey(request.ip);
    const now = Date.now();
    let window = windows.get(key);
    if (window === undefined) {
      window = { requests: 0, endsAt: now + LIMIT_WINDOW_MS };
      windows.set(key, window);
    }
    window.requests++;
    const resetSeconds = Math.ceil((window.endsAt - now) / 1000);
    reply
      .header('x-ratelimit-limit', allowance)
      .header('x-ratelimit-remaining', String(Math.max(0, max - window.requests)))
      .header('x-ratelimit-reset', String(resetSeconds));
    done(window.requests > max ? rateLimited(resetSeconds) : undefined);
  };
}

/** A preValidation hook of the routes that mutate: validating a deeply nested body would overflow the stack. */
function refuseDeepBody(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  if (
    request.body &&
    typeof request.body === 'object' &&
    nestingDepth(request.body, MAX_BODY_DEPTH) > MAX_BODY_DEPTH
  )
    return done(new AppError('VALIDATION_FAILED', `The body nests deeper than ${MAX_BODY_DEPTH} levels`));
  done();
}

/**
 * Headers, CSP, a coarse per-IP limit, JSON-only mutations and the CSRF check (Origin / Sec-Fetch-Site). Per request
 * only what applies to it runs (decisions 014, 024 and 032): the headers are one of two objects computed at start (a
 * page's, an API answer's) and set on every answer with its request id; the mutation checks are hooks of the routes
 * that mutate, so a read never runs them.
 */
export default fp(
  async function securityPlugin(app: FastifyInstance, options: { config: AppConfig }) {
    const { config } = options;
    const documentHeaders = securityHeaders(config);
    const apiHeaders = apiSecurityHeaders(documentHeaders);
    // Every answer: the not-found handler's, a refusal's and an error's too. The request id (plugins/observability.ts)
    // goes with them, in the one hook every request runs before any that may refuse it (401, 403, 415, 429).
    // As name and value pairs: each answer sets them one by one (reply.headers would list an object's keys each time).
    const apiPairs = Object.entries(apiHeaders);
    const documentPairs = Object.entries(documentHeaders);
    app.addHook('onRequest', function answerHeaders(request, reply, done) {
      for (const [name, value] of isApiPath(request.url) ? apiPairs : documentPairs)
        reply.header(name, value);
      reply.header('x-request-id', request.id);
      done();
    });

    // Every route is limited but those declared never limited (`access.rateLimit: 'none'`, the probes) and the built
    // client's hashed files: a first visit loads dozens of them, each cached for a year afterwards and sent from its
    // precompressed copy, so they would spend a visitor's allowance on nothing worth limiting. (Their routes are added
    // later, by the client plugin, whose declaration of their access this hook does not see: their URLs tell.)
    const limit = perAddressLimit(config.RATE_LIMIT_GLOBAL_PER_MIN);
    app.addHook('onRoute', (route) => {
      if (route.config?.access?.rateLimit === 'none' || route.url.startsWith('/assets/')) return;
      route.onRequest = [...hookList(route.onRequest), limit];
    });

    app.addHook('onRoute', (route) => {
      if (!routeMethods(route).some((method) => MUTATIONS.has(method))) return;
      // Before the route's own hooks: a signed-in browser's cross-site request is refused before anything runs for it.
      if (route.url.startsWith('/api/'))
        route.onRequest = [refuseForeignMutation, ...hookList(route.onRequest)];
      route.preValidation = [refuseDeepBody, ...hookList(route.preValidation)];
    });
  },
  { name: 'security' },
);
