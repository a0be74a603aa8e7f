import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../infra/context.js';
import { reauthRequired, tierRequired, unauthenticated } from '../lib/errors.js';
import { hookList } from '../lib/route-options.js';
import { reauthenticatedUntil } from '../modules/auth/sessions.service.js';
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
 * nothing about what a valid body would be. A route open to anyone runs no guard at all. A route that declares
 * `reauth` gets a second guard right after it: 403 REAUTH_REQUIRED unless the session proved a factor within
 * REAUTH_WINDOW_SECONDS (design 12.2). An API key passes it: the session plugin has already asked it for the
 * `admin` scope such a route declares.
 */
export default fp(
  async function authPlugin(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
    const requireRecentProof = async (request: FastifyRequest) => {
      const session = request.auth?.session;
      if (!session) return;
      const until = reauthenticatedUntil(ctx, session);
      if (!until || until.getTime() <= ctx.now().getTime()) throw reauthRequired();
    };
    app.addHook('onRoute', (route) => {
      const policy = route.config?.access;
      const tier = policy?.tier ?? 0;
      if (tier === 0) return;
      const ownGuards = policy?.reauth ? [guardOf(tier), requireRecentProof] : [guardOf(tier)];
      route.onRequest = [...ownGuards, ...hookList(route.onRequest)];
    });
  },
  { name: 'auth', dependencies: ['session'] },
);
