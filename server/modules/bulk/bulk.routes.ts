import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BULK_BODY_LIMIT_BYTES,
  bulkOperationSchema,
  bulkOperationsQuerySchema,
  createBulkOperationRequestSchema,
} from '../../../contract/bulk.js';
import { access } from '../../lib/route-access.js';
import { errors } from '../../plugins/error-responses.js';
import type { AppContext } from '../../infra/context.js';
import { currentAuth } from '../../plugins/auth.js';
import { requestMeta } from '../../plugins/session.js';
import * as bulk from './bulk.service.js';

const tags = ['bulk'];
const params = z.object({ id: z.string().max(100) });

export async function bulkRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/bulk/operations',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Your bulk operations, newest first',
        querystring: bulkOperationsQuerySchema,
        response: { 200: z.array(bulkOperationSchema), ...errors(401) },
      },
    },
    async (request) => bulk.listOperations(ctx, currentAuth(request).user.id, request.query.limit),
  );

  r.post(
    '/api/bulk/operations',
    {
      config: { access: access.user() },
      bodyLimit: BULK_BODY_LIMIT_BYTES,
      schema: {
        tags,
        summary: 'Start a bulk operation; it runs in the background (case status and threat import: tier 4)',
        body: createBulkOperationRequestSchema,
        response: { 202: bulkOperationSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await bulk.createOperation(ctx, currentAuth(request).user, request.body, requestMeta(request))),
  );

  r.get(
    '/api/bulk/operations/:id',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'One of your bulk operations with its progress and item errors',
        params,
        response: { 200: bulkOperationSchema, ...errors(401, 404) },
      },
    },
    async (request) => bulk.getOperation(ctx, currentAuth(request).user.id, request.params.id),
  );

  r.get(
    '/api/bulk/operations/:id/output',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Download what an operation produced (a case export as CSV)',
        params,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      const csv = await bulk.getOutput(ctx, currentAuth(request).user.id, request.params.id);
      const name = `cases-export-${request.params.id.slice(0, 8)}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  );
}
