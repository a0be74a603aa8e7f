import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  mfaDisableRequestSchema,
  mfaEnableRequestSchema,
  mfaLoginRequestSchema,
  mfaSetupSchema,
} from '../../../contract/mfa.js';
import { userSchema } from '../../../contract/auth.js';
import { access } from '../../lib/route-access.js';
import { errors } from '../../plugins/error-responses.js';
import type { AppContext } from '../../infra/context.js';
import { unauthenticated } from '../../lib/errors.js';
import { currentAuth } from '../../plugins/auth.js';
import { requestMeta } from '../../plugins/session.js';
import * as auth from '../auth/auth.service.js';
import * as mfa from './mfa.service.js';

const tags = ['auth'];

export async function mfaRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/auth/mfa/setup',
    {
      config: { access: access.user({ keyScope: 'admin' }) },
      schema: {
        tags,
        summary: 'Start 2FA: a new secret, its QR code and backup codes (only while 2FA is off)',
        response: { 200: mfaSetupSchema, ...errors(401, 409) },
      },
    },
    async (request, reply) => {
      // The answer holds a secret: never cached anywhere.
      reply.header('cache-control', 'no-store');
      return mfa.setup(ctx, currentAuth(request).user);
    },
  );

  r.post(
    '/api/auth/mfa/enable',
    {
      config: { access: access.user({ keyScope: 'admin' }) },
      schema: {
        tags,
        summary: 'Turn 2FA on with a first code',
        body: mfaEnableRequestSchema,
        response: { 200: userSchema, ...errors(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      await mfa.enable(ctx, user, request.body.code, requestMeta(request), request.sessionToken);
      return { ...auth.toPublicUser(user), mfaEnabled: true };
    },
  );

  r.post(
    '/api/auth/mfa/disable',
    {
      config: { access: access.user({ keyScope: 'admin' }) },
      schema: {
        tags,
        summary: 'Turn 2FA off with a code or a backup code',
        body: mfaDisableRequestSchema,
        response: { 200: userSchema, ...errors(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      await mfa.disable(ctx, user, request.body.code, requestMeta(request), request.sessionToken);
      return { ...auth.toPublicUser(user), mfaEnabled: false };
    },
  );

  r.post(
    '/api/auth/login/mfa',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Second step of a 2FA sign-in: a code or a backup code',
        // No guard: the handler asks for the session cookie of a sign-in waiting for its second factor.
        security: [{ session: [] }],
        body: mfaLoginRequestSchema,
        response: { 200: userSchema, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      if (!request.pendingMfa || !request.sessionToken) throw unauthenticated();
      const { user, session } = await mfa.completeLogin(
        ctx,
        request.pendingMfa,
        request.sessionToken,
        request.body.code,
        requestMeta(request),
      );
      reply.startSession(session);
      return user;
    },
  );
}
