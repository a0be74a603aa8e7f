import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptedSchema, userSchema } from '../../../contract/auth.js';
import { setupCheckRequestSchema, setupDirectorRequestSchema } from '../../../contract/setup.js';
import { access } from '../../lib/route-access.js';
import type { AppContext } from '../../infra/context.js';
import { notFound } from '../../lib/errors.js';
import { errors } from '../../plugins/error-responses.js';
import { requestMeta } from '../../plugins/session.js';
import * as auth from '../auth/auth.service.js';
import * as setup from './setup.service.js';

const tags = ['setup'];

export async function setupRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/setup/check',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: "Check a setup link's token",
        description:
          'While no Director exists: 200 for the token the server printed at its last start, 400 `TOKEN_INVALID` for any other (429 after 10 wrong tokens from one address in 15 minutes). 404 once a Director exists.',
        body: setupCheckRequestSchema,
        response: { 200: acceptedSchema, ...errors(400, 404, 429) },
      },
    },
    async (request) => {
      await setup.checkToken(ctx, request.body.token, requestMeta(request));
      return {};
    },
  );

  r.post(
    '/api/setup/director',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Create the first Director with the setup link',
        description:
          'Creates a tier 4 account and signs it in; the link is then spent. The same answers as `/api/setup/check` for the token; 409 when the address has an account already.',
        body: setupDirectorRequestSchema,
        response: { 201: userSchema, ...errors(400, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { user, session } = await setup.createFirstDirector(
        ctx,
        request.body,
        requestMeta(request),
        request.sessionToken,
      );
      reply.startSession(session);
      return reply.status(201).send(auth.toPublicUser(user));
    },
  );

  // The page itself (a client route) answers 404 once a Director exists, like its calls; until then the client
  // plugin serves it as any other page.
  r.get(
    '/setup',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'The setup page (HTML)',
        querystring: z.object({ token: z.string().optional() }),
        hide: true,
      },
    },
    async (request, reply) => {
      if (await setup.isOpen(ctx)) return reply.callNotFound();
      if (typeof reply.sendFile !== 'function') throw notFound('Setup');
      return reply.status(404).header('cache-control', 'no-cache').sendFile('index.html');
    },
  );
}
