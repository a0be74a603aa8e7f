import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../lib/route-access.js';
import { errors } from '../../plugins/error-responses.js';
import {
  investigationAgentSchema,
  investigationCatalogEntrySchema,
  investigationListQuerySchema,
  investigationRequestSchema,
  investigationSchema,
  investigationUpdateSchema,
} from '../../../contract/investigations.js';
import { listQuerySchema } from '../../../contract/lists.js';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import type { AppContext } from '../../infra/context.js';
import { currentAuth } from '../../plugins/auth.js';
import { requestMeta } from '../../plugins/session.js';
import * as investigations from './investigations.service.js';
import { slaListOptions } from '../../../contract/service-levels.js';

const tags = ['investigations'];

export async function investigationsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/investigations/catalog',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'The seven investigation services, with pricing and minimum tier',
        response: { 200: z.array(investigationCatalogEntrySchema) },
      },
    },
    async () => investigations.listCatalog(ctx),
  );

  r.post(
    '/api/investigations',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Request an investigation (a service within your tier); priced on the server',
        body: investigationRequestSchema,
        response: { 201: investigationSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const created = await investigations.createRequest(
        ctx,
        currentAuth(request).user,
        request.body,
        requestMeta(request),
      );
      return reply.status(201).send(created);
    },
  );

  r.get(
    '/api/investigations',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary:
          'Your investigation requests, newest first (`scope=all`: everyone’s, Directors only); ?sort=due, ?breached, ?dueBefore',
        querystring: listQuerySchema.extend(investigationListQuerySchema.shape),
        response: { 200: z.array(investigationSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) =>
      investigations.listRequests(
        ctx,
        currentAuth(request).user,
        request.query.scope,
        request.query.limit,
        requestMeta(request),
        slaListOptions(request.query),
        request.query.visibility,
      ),
  );

  r.get(
    '/api/investigations/agents',
    {
      config: { access: access.tier(DIRECTOR_TIER) },
      schema: {
        tags,
        summary: 'The Directors a request may be assigned to (Directors only)',
        querystring: listQuerySchema,
        response: { 200: z.array(investigationAgentSchema), ...errors(401, 403) },
      },
    },
    async (request) => investigations.listAgents(ctx, request.query.limit),
  );

  r.patch(
    '/api/investigations/:id',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary:
          'Move a request forward and/or assign a Director to it (Directors only); its requester shares it with their organisation (`visibility`)',
        params: z.object({ id: z.string().max(100) }),
        body: investigationUpdateSchema,
        response: { 200: investigationSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      investigations.updateRequest(
        ctx,
        currentAuth(request).user,
        request.params.id,
        request.body,
        requestMeta(request),
      ),
  );
}
