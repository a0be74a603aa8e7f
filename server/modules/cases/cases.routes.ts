import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  caseDetailSchema,
  caseSchema,
  casesQuerySchema,
  createCaseRequestSchema,
  createCaseUpdateRequestSchema,
  mergeCaseRequestSchema,
  patchCaseRequestSchema,
} from '../../../contract/cases.js';
import { access } from '../../lib/route-access.js';
import { errors } from '../../plugins/error-responses.js';
import type { AppContext } from '../../infra/context.js';
import { currentAuth } from '../../plugins/auth.js';
import { requestMeta } from '../../plugins/session.js';
import * as cases from './cases.service.js';
import { mergeCase } from './merge.service.js';
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
          'Your cases and those shared with your organisation (?visibility=private|organization keeps one kind); Directors: ?scope=queue open and unassigned, ?assigned=true assigned to you, ?scope=all everyone’s; ?q= a case number or title words; ?sort=due, ?breached, ?dueBefore',
        querystring: casesQuerySchema,
        response: { 200: z.array(caseSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { assigned, scope, limit, q, visibility } = request.query;
      const view = assigned === 'true' ? 'assigned' : (scope ?? 'own');
      return cases.listCases(
        ctx,
        currentAuth(request).user,
        view,
        limit,
        requestMeta(request),
        slaListOptions(request.query),
        q || undefined,
        visibility,
      );
    },
  );

  r.get(
    '/api/cases/:id',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary:
          'A case with its updates (internal notes only for Directors); a merged case answers with `mergedInto`',
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

  r.patch(
    '/api/cases/:id',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary:
          'Share your case with your organisation or make it private (its owner); set its ATT&CK techniques (Directors)',
        params: z.object({ id: z.string().max(100) }),
        body: patchCaseRequestSchema,
        response: { 200: caseDetailSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      cases.patchCase(ctx, currentAuth(request).user, request.params.id, request.body, requestMeta(request)),
  );

  r.post(
    '/api/cases/:id/merge',
    {
      config: { access: access.tier(4) },
      schema: {
        tags,
        summary:
          'Merge this case into another of the same client (Directors): updates, files and tasks move; answers the target',
        params: z.object({ id: z.string().max(100) }),
        body: mergeCaseRequestSchema,
        response: { 200: caseDetailSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => mergeCase(ctx, currentAuth(request).user, request.params.id, request.body.intoCaseId),
  );
}
