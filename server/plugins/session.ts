import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext, RequestMeta } from '../lib/context.js';
import * as auth from '../modules/auth/auth.service.js';
import type { NewSession, ResolvedSession } from '../modules/auth/auth.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session (null when anonymous or half-way through a 2FA login). */
    auth: ResolvedSession | null;
    /** The raw session cookie value, when one was sent. */
    sessionToken: string | undefined;
  }
  interface FastifyReply {
    startSession(session: NewSession): FastifyReply;
    endSessionCookie(): FastifyReply;
  }
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/**
 * Server-side sessions (design section 8): the cookie holds a 256-bit random id, Postgres holds its HMAC.
 * `__Host-` prefix and Secure when COOKIE_SECURE; always HttpOnly and SameSite=Lax.
 */
export default fp(
  async function sessionPlugin(app: FastifyInstance, options: { ctx: AppContext }) {
    const { ctx } = options;
    const secure = ctx.config.COOKIE_SECURE;
    const cookieName = secure ? '__Host-sid' : 'sid';
    const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure } as const;

    app.decorateRequest('auth', null);
    app.decorateRequest('sessionToken', undefined);

    app.decorateReply('startSession', function (this: FastifyReply, session: NewSession) {
      return this.setCookie(cookieName, session.token, cookieOptions);
    });
    app.decorateReply('endSessionCookie', function (this: FastifyReply) {
      return this.clearCookie(cookieName, cookieOptions);
    });

    app.addHook('onRequest', async (request, reply) => {
      const token = request.cookies[cookieName];
      if (!token || token.length > 128) return;
      request.sessionToken = token;
      const resolved = await auth.resolveSession(ctx, token);
      if (!resolved) {
        reply.endSessionCookie();
        return;
      }
      if (!resolved.session.mfaPending) request.auth = resolved;
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);
