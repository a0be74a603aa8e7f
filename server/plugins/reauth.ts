import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../infra/context.js';
import { AppError, forbidden, unauthenticated } from '../lib/errors.js';
import { hookList } from '../lib/route-options.js';
import { reauthenticatedUntil } from '../modules/auth/sessions.service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route changes how the account is protected (design 12.2): a session must have proved a factor within
     * REAUTH_WINDOW_SECONDS, else 403 `REAUTH_REQUIRED`. API keys prove nothing interactively: only an `admin` key,
     * itself made within such a window, may call it.
     */
    reauth?: true;
  }
}

export const reauthRequired = () =>
  new AppError(
    'REAUTH_REQUIRED',
    'Confirm it is you to continue: enter your password, a code or use a passkey',
  );

/**
 * Enforces `config: { reauth: true }` in one place: routes that declare it get this check as their last onRequest
 * hook (after their sign-in guard, before the body is read); no other route pays for it.
 */
export default fp(
  async function reauthPlugin(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
    const requireRecentProof = async (request: FastifyRequest) => {
      const auth = request.auth;
      if (!auth) throw unauthenticated();
      if (auth.apiKey) {
        if (auth.apiKey.permissions.includes('admin')) return;
        throw forbidden('This API key needs the admin permission for this call');
      }
      const until = auth.session ? reauthenticatedUntil(ctx, auth.session) : null;
      if (!until || until.getTime() <= ctx.now().getTime()) throw reauthRequired();
    };
    app.addHook('onRoute', (route) => {
      if (route.config?.reauth !== true) return;
      route.onRequest = [...hookList(route.onRequest), requireRecentProof];
    });
  },
  { name: 'reauth', dependencies: ['session', 'auth'] },
);
