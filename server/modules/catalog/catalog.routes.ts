import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categorySchema,
  createReviewRequestSchema,
  productDetailSchema,
  productListQuerySchema,
  productSchema,
  reviewSchema,
  TOTAL_COUNT_HEADER,
  updateProductRequestSchema,
} from '../../../contract/catalog.js';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import { access } from '../../lib/route-access.js';
import { errors } from '../../plugins/error-responses.js';
import { listQuerySchema } from '../../../contract/lists.js';
import type { AppContext } from '../../infra/context.js';
import { currentAuth } from '../../plugins/auth.js';
import { requestMeta } from '../../plugins/session.js';
import { sendCachedJson } from '../../plugins/compression.js';
import { serializeOnce } from '../../lib/serialize-once.js';
import { sendWhenReady } from '../../lib/when-ready.js';
import * as catalog from './catalog.service.js';

const tags = ['catalog'];
const idParams = z.object({ id: z.string().max(100) });
const productListSchema = z.array(productSchema);

/** The service hands out the same page while it is cached: its JSON is made, and compressed, once. */
const serializePage = serializeOnce(productListSchema);

export async function catalogRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/categories',
    {
      config: { access: access.public({ session: false }) },
      schema: { tags, summary: 'Equipment categories', response: { 200: z.array(categorySchema) } },
    },
    async () => catalog.listCategories(ctx),
  );

  r.get(
    '/api/products',
    {
      // Public and the same for everyone: a browser's session is not looked up (decision 014).
      config: { access: access.public({ session: false }) },
      schema: {
        tags,
        summary: 'Products, filtered, sorted and paged on the server',
        description: `The \`${TOTAL_COUNT_HEADER}\` header carries the number of matches.`,
        querystring: productListQuerySchema,
        response: { 200: productListSchema, ...errors(400) },
      },
      // Its answer brings its own compressed forms (sendCachedJson): no compression hooks run for it.
      compress: false,
    },
    // Synchronous when the page is cached (sendWhenReady).
    (request, reply) =>
      sendWhenReady(catalog.listProducts(ctx, request.query), ({ products, total }) =>
        sendCachedJson(request, reply.header(TOTAL_COUNT_HEADER, String(total)), products, serializePage),
      ),
  );

  r.get(
    '/api/products/:id',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'One product',
        params: idParams,
        response: { 200: productDetailSchema, ...errors(404) },
      },
    },
    async (request) => catalog.getProduct(ctx, request.params.id, request.auth?.user.id ?? null),
  );

  r.patch(
    '/api/products/:id',
    {
      config: { access: access.tier(DIRECTOR_TIER) },
      schema: {
        tags,
        summary:
          "Set a product's HSN code (4, 6 or 8 digits) and GST rate (a slab in force) (Directors); orders placed keep theirs",
        params: idParams,
        body: updateProductRequestSchema,
        response: { 200: productSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      catalog.updateProductTax(
        ctx,
        currentAuth(request).user.id,
        request.params.id,
        request.body,
        requestMeta(request),
      ),
  );

  r.get(
    '/api/products/:id/reviews',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: "A product's reviews, newest first",
        params: idParams,
        querystring: listQuerySchema,
        response: { 200: z.array(reviewSchema), ...errors(404) },
      },
    },
    async (request) => catalog.listReviews(ctx, request.params.id, request.query.limit),
  );

  r.post(
    '/api/products/:id/reviews',
    {
      config: { access: access.user() },
      schema: {
        tags,
        summary: 'Review a product you bought (once)',
        params: idParams,
        body: createReviewRequestSchema,
        response: { 201: reviewSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const review = await catalog.createReview(
        ctx,
        currentAuth(request).user.id,
        request.params.id,
        request.body,
      );
      return reply.status(201).send(review);
    },
  );
}
