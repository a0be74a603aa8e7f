import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../lib/route-access.js';
import { errors } from '../../plugins/error-responses.js';
import { listQuerySchema } from '../../../contract/lists.js';
import { createOrderRequestSchema, orderSchema } from '../../../contract/orders.js';
import type { AppContext } from '../../infra/context.js';
import { currentAuth } from '../../plugins/auth.js';
import { requestMeta } from '../../plugins/session.js';
import * as orders from './orders.service.js';

const tags = ['orders'];

export async function ordersRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/orders',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Check out: turn the cart into an order and pay for it',
        body: createOrderRequestSchema,
        response: { 201: orderSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const order = await orders.placeOrder(
        ctx,
        currentAuth(request).user,
        request.body,
        requestMeta(request),
      );
      return reply.status(201).send(order);
    },
  );

  r.get(
    '/api/orders',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: "The signed-in user's orders, newest first",
        querystring: listQuerySchema,
        response: { 200: z.array(orderSchema), ...errors(401) },
      },
    },
    async (request) => orders.listOrders(ctx, currentAuth(request).user.id, request.query.limit),
  );

  r.get(
    '/api/orders/:id',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'One of your orders',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: orderSchema, ...errors(401, 404) },
      },
    },
    async (request) => orders.getOrder(ctx, currentAuth(request).user.id, request.params.id),
  );
}
