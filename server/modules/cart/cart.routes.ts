import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addToCartRequestSchema, cartLineSchema, updateCartRequestSchema } from '../../../contract/cart.js';
import { serializeOnce } from '../../lib/serialize-once.js';
import { access } from '../../lib/route-access.js';
import { sendCachedJson } from '../../plugins/compression.js';
import { errors } from '../../plugins/error-responses.js';
import type { AppContext } from '../../infra/context.js';
import { currentAuth } from '../../plugins/auth.js';
import * as cart from './cart.service.js';

const tags = ['cart'];
const idParams = z.object({ id: z.string().max(100) });
const cartSchema = z.array(cartLineSchema);
const serializeCart = serializeOnce(cartSchema);

export async function cartRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/cart',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: "The signed-in user's cart",
        response: { 200: cartSchema, ...errors(401) },
      },
      // Its answer brings its own compressed forms (sendCachedJson): no compression hooks run for it.
      compress: false,
    },
    // The cart is cached per user until it changes (decision 004): its JSON is made once per cached cart.
    async (request, reply) =>
      sendCachedJson(request, reply, await cart.listCart(ctx, currentAuth(request).user.id), serializeCart),
  );

  r.post(
    '/api/cart',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Add a product (raises the quantity when it is already in the cart)',
        body: addToCartRequestSchema,
        response: { 201: cartLineSchema, ...errors(400, 401, 403, 404, 409) },
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
      config: { access: access.user() },
      schema: {
        tags,
        summary: "Set a line's quantity",
        params: idParams,
        body: updateCartRequestSchema,
        response: { 200: cartLineSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => cart.updateCartLine(ctx, currentAuth(request).user, request.params.id, request.body),
  );

  r.delete(
    '/api/cart/:id',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Remove a line',
        params: idParams,
        response: { 204: z.null(), ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      await cart.removeCartLine(ctx, currentAuth(request).user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
