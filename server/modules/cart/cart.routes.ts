import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addToCartRequestSchema, cartLineSchema, updateCartRequestSchema } from '../../../contract/cart.js';
import { errorBodySchema } from '../../../contract/errors.js';
import type { AppContext } from '../../lib/context.js';
import { currentAuth } from '../../plugins/auth.js';
import * as cart from './cart.service.js';

const tags = ['cart'];
const idParams = z.object({ id: z.string().max(100) });
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

export async function cartRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireUser);

  r.get(
    '/api/cart',
    {
      schema: {
        tags,
        summary: "The signed-in user's cart",
        response: { 200: z.array(cartLineSchema), 401: errorBodySchema },
      },
    },
    async (request) => cart.listCart(ctx, currentAuth(request).user.id),
  );

  r.post(
    '/api/cart',
    {
      schema: {
        tags,
        summary: 'Add a product (raises the quantity when it is already in the cart)',
        body: addToCartRequestSchema,
        response: { 201: cartLineSchema, ...errors },
      },
    },
    async (request, reply) => {
      const line = await cart.addToCart(ctx, currentAuth(request).user, request.body);
      return reply.status(201).send(line);
    },
  );

  r.put(
    '/api/cart/:id',
    {
      schema: {
        tags,
        summary: "Set a line's quantity",
        params: idParams,
        body: updateCartRequestSchema,
        response: { 200: cartLineSchema, ...errors },
      },
    },
    async (request) => cart.updateCartLine(ctx, currentAuth(request).user, request.params.id, request.body),
  );

  r.delete(
    '/api/cart/:id',
    {
      schema: {
        tags,
        summary: 'Remove a line',
        params: idParams,
        response: { 204: z.null(), 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await cart.removeCartLine(ctx, currentAuth(request).user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
