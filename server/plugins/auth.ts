import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { tierRequired, unauthenticated } from '../lib/errors.js';
import { hookList } from '../lib/route-options.js';
import type { AuthContext } from './session.js';

/** The signed-in session of a request whose route declares a tier of 1 or more. */
export function currentAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/** 401 unless signed in (the session plugin's own onRequest hook has set `request.auth` by then). */
async function requireUser(request: FastifyRequest) {
  if (!request.auth) throw unauthenticated();
}

/** The onRequest guard of each tier: 401 unless signed in, 403 TIER_REQUIRED below the tier. */
const guards = new Map<number, (request: FastifyRequest) => Promise<void>>([[1, requireUser]]);
function guardOf(tier: number) {
  let guard = guards.get(tier);
  if (!guard) {
    guard = async (request: FastifyRequest) => {
      if (!request.auth) throw unauthenticated();
      if (request.auth.user.tier < tier) throw tierRequired(tier);
    };
    guards.set(tier, guard);
  }
  return guard;
}

/**
 * Enforces each route's declared tier (`config.access.tier`, lib/route-access.ts) with a guard attached when the
 * route is registered: the first of its onRequest hooks, before the body is read, so an anonymous caller learns
 * nothing about what a valid body would be. A route open to anyone runs no guard at all.
 */
export default fp(
  async function authPlugin(app: FastifyInstance) {
    app.addHook('onRoute', (route) => {
      const tier = route.config?.access?.tier ?? 0;
      if (tier > 0) route.onRequest = [guardOf(tier), ...hookList(route.onRequest)];
    });
  },
  { name: 'auth', dependencies: ['session'] },
);
