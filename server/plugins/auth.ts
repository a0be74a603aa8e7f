import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { tierRequired, unauthenticated } from '../lib/errors.js';
import type { AuthContext } from './session.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest hook: 401 unless signed in. Before the body is read, so an anonymous caller learns nothing about
     * what a valid body would be (the session plugin's own onRequest hook has set `request.auth` by then).
     */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook factory: 401 unless signed in, 403 TIER_REQUIRED below `tier`. */
    requireTier: (tier: number) => (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * The guards these hooks are, by function: the OpenAPI document reads each route's security from the guards its
 * hooks include (plugins/docs.ts), so what the document says is what the route enforces.
 */
const guards = new WeakMap<object, { tier: number }>();

/** The guard `hook` is (`requireUser` is tier 1), or undefined for any other hook. */
export function guardOf(hook: unknown): { tier: number } | undefined {
  return typeof hook === 'function' ? guards.get(hook) : undefined;
}

/** The signed-in session of a request that passed `requireUser`. */
export function currentAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

export default fp(
  async function authPlugin(app: FastifyInstance) {
    const requireUser = async (request: FastifyRequest) => {
      if (!request.auth) throw unauthenticated();
    };
    guards.set(requireUser, { tier: 1 });
    app.decorate('requireUser', requireUser);
    app.decorate('requireTier', (tier: number) => {
      const requireTier = async (request: FastifyRequest) => {
        if (!request.auth) throw unauthenticated();
        if (request.auth.user.tier < tier) throw tierRequired(tier);
      };
      guards.set(requireTier, { tier });
      return requireTier;
    });
  },
  { name: 'auth', dependencies: ['session'] },
);
