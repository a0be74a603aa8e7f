import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeySchema, createApiKeyRequestSchema, createdApiKeySchema } from '../../../contract/api-keys.js';
import { access } from '../../lib/route-access.js';
import { errors } from '../../plugins/error-responses.js';
import { listQuerySchema } from '../../../contract/lists.js';
import type { AppContext } from '../../infra/context.js';
import { currentAuth } from '../../plugins/auth.js';
import * as apiKeys from './api-keys.service.js';

const tags = ['api-keys'];

export async function apiKeysRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/api-keys',
    {
      config: { access: access.user({ keyScope: 'admin' }) },
      schema: {
        tags,
        summary: 'Your API keys (prefix only, never the key)',
        querystring: listQuerySchema,
        response: { 200: z.array(apiKeySchema), ...errors(401) },
      },
    },
    async (request) => apiKeys.list(ctx, currentAuth(request).user.id, request.query.limit),
  );

  r.post(
    '/api/api-keys',
    {
      config: { access: access.user({ reauth: true }) },
      schema: {
        tags,
        summary: 'Create a key; the full key is in this answer only (needs a recent proof)',
        body: createApiKeyRequestSchema,
        response: { 201: createdApiKeySchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const created = await apiKeys.create(ctx, currentAuth(request).user.id, request.body);
      return reply.status(201).send(created);
    },
  );

  r.delete(
    '/api/api-keys/:id',
    {
      config: { access: access.user({ keyScope: 'admin' }) },
      schema: {
        tags,
        summary: 'Revoke a key',
        params: z.object({ id: z.string().max(100) }),
        response: { 204: z.null(), ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      await apiKeys.revoke(ctx, currentAuth(request).user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
