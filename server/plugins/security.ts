import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env.js';
import { AppError, forbidden } from '../lib/errors.js';

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
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

function sameOrigin(origin: string, host: string): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** Headers, CSP, a coarse per-IP limit, JSON-only mutations and the CSRF check (Origin / Sec-Fetch-Site). */
export default fp(
  async function securityPlugin(app: FastifyInstance, options: { config: AppConfig }) {
    const { config } = options;
    await app.register(helmet, {
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
    });

    await app.register(rateLimit, {
      global: true,
      max: config.RATE_LIMIT_GLOBAL_PER_MIN,
      timeWindow: 60_000,
      allowList: (request) => request.url === '/healthz' || request.url === '/readyz',
    });

    // Validating a deeply nested body (a record of unknown values, for one) would overflow the stack: a 500.
    app.addHook('preValidation', async (request) => {
      if (
        request.body &&
        typeof request.body === 'object' &&
        nestingDepth(request.body, MAX_BODY_DEPTH) > MAX_BODY_DEPTH
      )
        throw new AppError('VALIDATION_FAILED', `The body nests deeper than ${MAX_BODY_DEPTH} levels`);
    });

    app.addHook('onRequest', async (request) => {
      if (!MUTATIONS.has(request.method) || !request.url.startsWith('/api/')) return;
      if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden('Cross-site request refused');
      const origin = request.headers.origin;
      if (origin !== undefined && !sameOrigin(origin, request.host))
        throw forbidden('Cross-origin request refused');
      if (BODY_METHODS.has(request.method)) {
        const type = request.headers['content-type'] ?? '';
        if (!/^application\/json\b/i.test(type)) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json');
        }
      }
    });
  },
  { name: 'security' },
);
