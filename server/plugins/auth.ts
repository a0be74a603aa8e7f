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

/** The signed-in session of a request that passed `requireUser`. */
export function currentAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

export default fp(
  async function authPlugin(app: FastifyInstance) {
    app.decorate('requireUser', async (request: FastifyRequest) => {
      if (!request.auth) throw unauthenticated();
    });
    app.decorate('requireTier', (tier: number) => async (request: FastifyRequest) => {
      if (!request.auth) throw unauthenticated();
      if (request.auth.user.tier < tier) throw tierRequired(tier);
    });
  },
  { name: 'auth', dependencies: ['session'] },
);
