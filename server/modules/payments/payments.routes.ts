import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../contract/errors.js';
import { listQuerySchema } from '../../../contract/lists.js';
import {
  adminPaymentSchema,
  adminPaymentsQuerySchema,
  createPaymentRequestSchema,
  paymentSchema,
} from '../../../contract/payments.js';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import type { AppContext } from '../../lib/context.js';
import { currentAuth } from '../../plugins/auth.js';
import * as payments from './payments.service.js';

const tags = ['payments'];
const idParams = z.object({ id: z.string().max(100) });

export async function paymentsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/payments',
    {
      schema: {
        tags,
        summary: 'Your payments, newest first',
        querystring: listQuerySchema,
        response: { 200: z.array(paymentSchema), 401: errorBodySchema },
      },
      preHandler: app.requireUser,
    },
    async (request) => payments.listOwn(ctx, currentAuth(request).user.id, request.query.limit),
  );

  r.post(
    '/api/payments',
    {
      schema: {
        tags,
        summary:
          'Pay an amount (cards complete at once with the test provider; crypto and bank transfers wait)',
        body: createPaymentRequestSchema,
        response: { 201: paymentSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) =>
      reply.status(201).send(await payments.createPayment(ctx, currentAuth(request).user.id, request.body)),
  );

  r.get(
    '/api/admin/payments',
    {
      schema: {
        tags,
        summary: "Everyone's payments, e.g. ?status=pending for the confirmation queue (Directors)",
        querystring: adminPaymentsQuerySchema,
        response: { 200: z.array(adminPaymentSchema), 401: errorBodySchema, 403: errorBodySchema },
      },
      preHandler: app.requireTier(DIRECTOR_TIER),
    },
    async (request) => payments.listForDirector(ctx, request.query.status, request.query.limit),
  );

  for (const [action, status] of [
    ['confirm', 'completed'],
    ['fail', 'failed'],
  ] as const) {
    r.post(
      `/api/admin/payments/:id/${action}`,
      {
        schema: {
          tags,
          summary:
            action === 'confirm'
              ? 'Confirm that a pending payment arrived (Directors); what it paid for takes effect'
              : 'Mark a pending payment as failed (Directors); what it paid for is called off',
          params: idParams,
          response: {
            200: paymentSchema,
            401: errorBodySchema,
            403: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
        preHandler: app.requireTier(DIRECTOR_TIER),
      },
      async (request) => payments.settle(ctx, currentAuth(request).user.id, request.params.id, status),
    );
  }
}
