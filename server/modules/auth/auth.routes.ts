import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  loginRequestSchema,
  loginResponseSchema,
  registerRequestSchema,
  safeReturnTo,
  userSchema,
} from '../../../contract/auth.js';
import { errorBodySchema } from '../../../contract/errors.js';
import type { AppContext } from '../../lib/context.js';
import { currentAuth } from '../../plugins/auth.js';
import { requestMeta } from '../../plugins/session.js';
import * as auth from './auth.service.js';

const tags = ['auth'];

export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/auth/register',
    {
      schema: {
        tags,
        summary: 'Create an account and sign in',
        body: registerRequestSchema,
        response: { 201: userSchema, 400: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { user, session } = await auth.register(
        ctx,
        request.body,
        requestMeta(request),
        request.sessionToken,
      );
      reply.startSession(session);
      return reply.status(201).send(auth.toPublicUser(user));
    },
  );

  r.post(
    '/api/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in with email and password',
        description:
          'Answers `{ mfaRequired: true }` when the account has 2FA; the code then goes to /api/auth/login/mfa.',
        body: loginRequestSchema,
        response: {
          200: loginResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const result = await auth.login(ctx, request.body, requestMeta(request), request.sessionToken);
      reply.startSession(result.session);
      return result.kind === 'signed-in' ? auth.toPublicUser(result.user) : { mfaRequired: true as const };
    },
  );

  r.post(
    '/api/auth/logout',
    { schema: { tags, summary: 'End the session', response: { 204: z.null() } } },
    async (request, reply) => {
      if (request.auth && request.sessionToken) {
        await auth.logout(ctx, currentAuth(request).user.id, request.sessionToken, requestMeta(request));
      } else if (request.sessionToken) {
        await auth.endSession(ctx, request.sessionToken);
      }
      return reply.endSessionCookie().status(204).send(null);
    },
  );

  r.get(
    '/api/logout',
    { schema: { tags, summary: 'End the session and go to the home page (full-page navigation)' } },
    async (request, reply) => {
      if (request.auth && request.sessionToken) {
        await auth.logout(ctx, currentAuth(request).user.id, request.sessionToken, requestMeta(request));
      }
      return reply.endSessionCookie().redirect('/', 302);
    },
  );

  r.get(
    '/api/login',
    {
      schema: {
        tags,
        summary: 'Go to the sign-in page (full-page navigation)',
        querystring: z.object({ returnTo: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const returnTo = safeReturnTo(request.query.returnTo);
      return reply.redirect(returnTo ? `/login?returnTo=${encodeURIComponent(returnTo)}` : '/login', 302);
    },
  );

  r.get(
    '/api/auth/user',
    {
      schema: { tags, summary: 'The signed-in user', response: { 200: userSchema, 401: errorBodySchema } },
      onRequest: app.requireUser,
    },
    async (request) => auth.toPublicUser(currentAuth(request).user),
  );
}
