import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../lib/route-access.js';
import { errors } from '../../plugins/error-responses.js';
import {
  createdIntegrationSchema,
  createIntegrationRequestSchema,
  integrationDeliveriesQuerySchema,
  integrationDeliverySchema,
  integrationSchema,
  updateIntegrationRequestSchema,
} from '../../../contract/integrations.js';
import { listQuerySchema } from '../../../contract/lists.js';
import type { AppContext } from '../../infra/context.js';
import { currentAuth } from '../../plugins/auth.js';
import * as integrations from './integrations.service.js';

const tags = ['integrations'];
const params = z.object({ id: z.string().max(100) });

export async function integrationsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/integrations',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Your integrations, newest first, secrets masked',
        querystring: listQuerySchema,
        response: { 200: z.array(integrationSchema), ...errors(401, 403) },
      },
    },
    async (request) => integrations.listIntegrations(ctx, currentAuth(request).user, request.query.limit),
  );

  r.post(
    '/api/integrations',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary:
          'Add a Slack, Discord, Telegram or webhook integration (a webhook’s signing secret is shown once)',
        body: createIntegrationRequestSchema,
        response: { 201: createdIntegrationSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await integrations.createIntegration(ctx, currentAuth(request).user, request.body)),
  );

  r.patch(
    '/api/integrations/:id',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Rename, enable or disable (isActive), or replace config fields',
        params,
        body: updateIntegrationRequestSchema,
        response: { 200: integrationSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      integrations.updateIntegration(ctx, currentAuth(request).user, request.params.id, request.body),
  );

  r.delete(
    '/api/integrations/:id',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Remove an integration and its delivery log',
        params,
        response: { 204: z.null(), ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await integrations.deleteIntegration(ctx, currentAuth(request).user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/integrations/:id/test',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Queue a test message; answers the pending delivery (its outcome shows in the delivery log)',
        params,
        response: { 202: integrationDeliverySchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await integrations.sendTestMessage(ctx, currentAuth(request).user, request.params.id)),
  );

  r.get(
    '/api/integrations/:id/deliveries',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary:
          'The delivery log: each message, its status, tries and the target’s last answer, newest first',
        params,
        querystring: integrationDeliveriesQuerySchema,
        response: { 200: z.array(integrationDeliverySchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      integrations.listDeliveries(ctx, currentAuth(request).user, request.params.id, request.query.limit),
  );
}
