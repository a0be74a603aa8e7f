import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  caseDetailSchema,
  caseSchema,
  casesQuerySchema,
  createCaseRequestSchema,
  createCaseUpdateRequestSchema,
} from '../../../contract/cases.js';
import { access } from '../../lib/route-access.js';
import { errors } from '../../plugins/error-responses.js';
import type { AppContext } from '../../infra/context.js';
import { currentAuth } from '../../plugins/auth.js';
import { requestMeta } from '../../plugins/session.js';
import * as cases from './cases.service.js';
import { slaListOptions } from '../../../contract/service-levels.js';

const tags = ['cases'];

export async function casesRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/cases',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Open a case',
        body: createCaseRequestSchema,
        response: { 201: caseSchema, ...errors(400, 401) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await cases.createCase(ctx, currentAuth(request).user, request.body)),
  );

  r.get(
    '/api/cases',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary:
          'Your cases; ?assigned=true those assigned to you, ?scope=all everyone’s (Directors); ?sort=due, ?breached, ?dueBefore',
        querystring: casesQuerySchema,
        response: { 200: z.array(caseSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { assigned, scope, limit } = request.query;
      const view = assigned === 'true' ? 'assigned' : scope === 'all' ? 'all' : 'own';
      return cases.listCases(
        ctx,
        currentAuth(request).user,
        view,
        limit,
        requestMeta(request),
        slaListOptions(request.query),
      );
    },
  );

  r.get(
    '/api/cases/:id',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'A case with its updates (internal notes only for Directors)',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: caseDetailSchema, ...errors(401, 404) },
      },
    },
    async (request) => cases.getCase(ctx, currentAuth(request).user, request.params.id, requestMeta(request)),
  );

  r.post(
    '/api/cases/:caseId/updates',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Comment on a case; Directors also move its status, assign, estimate and add internal notes',
        params: z.object({ caseId: z.string().max(100) }),
        body: createCaseUpdateRequestSchema,
        response: { 201: caseDetailSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await cases.addUpdate(
            ctx,
            currentAuth(request).user,
            request.params.caseId,
            request.body,
            requestMeta(request),
          ),
        ),
  );
}
