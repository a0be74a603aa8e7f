import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkObservablesRequestSchema,
  createObservableRequestSchema,
  extractedObservableSchema,
  extractObservablesRequestSchema,
  observableSchema,
  observablesQuerySchema,
} from '../../../contract/observables.js';
import type { AppContext } from '../../infra/context.js';
import { access } from '../../lib/route-access.js';
import { currentAuth } from '../../plugins/auth.js';
import { errors } from '../../plugins/error-responses.js';
import { requestMeta } from '../../plugins/session.js';
import * as observables from './observables.service.js';

const tags = ['observables'];
const caseParams = z.object({ id: z.string().max(100) });
/** 500 observables with their descriptions and tags, or a pasted report of 200,000 characters. */
const BULK_BODY_LIMIT = 4 * 1_048_576;
const EXTRACT_BODY_LIMIT = 2 * 1_048_576;

export async function observablesRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/cases/:id/observables',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary:
          'Add an observable to a case (internal ones: Directors); matched against the intelligence store',
        params: caseParams,
        body: createObservableRequestSchema,
        response: { 201: observableSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await observables.addObservable(ctx, currentAuth(request).user, request.params.id, request.body),
        ),
  );

  r.post(
    '/api/cases/:id/observables/bulk',
    {
      config: { access: access.user() },
      bodyLimit: BULK_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Add up to 500 observables at once: all of them, or none with every refusal by index',
        params: caseParams,
        body: bulkObservablesRequestSchema,
        response: { 201: z.array(observableSchema), ...errors(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await observables.addObservablesInBulk(
            ctx,
            currentAuth(request).user,
            request.params.id,
            request.body.observables,
          ),
        ),
  );

  r.post(
    '/api/cases/:id/observables/extract',
    {
      config: { access: access.user() },
      bodyLimit: EXTRACT_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Find the observables a pasted text names (refanged, without repeats), for the screen to confirm',
        params: caseParams,
        body: extractObservablesRequestSchema,
        response: { 200: z.array(extractedObservableSchema), ...errors(400, 401, 404, 413) },
      },
    },
    async (request) =>
      observables.extract(ctx, currentAuth(request).user, request.params.id, request.body.text),
  );

  r.get(
    '/api/cases/:id/observables',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'A case’s observables with their matches, newest first (internal ones for Directors only)',
        params: caseParams,
        querystring: observablesQuerySchema,
        response: { 200: z.array(observableSchema), ...errors(400, 401, 404) },
      },
    },
    async (request) =>
      observables.listObservables(
        ctx,
        currentAuth(request).user,
        request.params.id,
        request.query.limit,
        requestMeta(request),
      ),
  );

  r.delete(
    '/api/cases/:id/observables/:observableId',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Remove an observable from a case',
        params: caseParams.extend({ observableId: z.string().max(100) }),
        response: { 204: z.null(), ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      await observables.removeObservable(
        ctx,
        currentAuth(request).user,
        request.params.id,
        request.params.observableId,
      );
      return reply.status(204).send(null);
    },
  );
}
