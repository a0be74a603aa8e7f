import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../lib/route-access.js';
import { errors } from '../../plugins/error-responses.js';
import { searchClickRequestSchema, searchQuerySchema, searchResultSchema } from '../../../contract/search.js';
import type { RouteDeps } from '../../infra/module.js';
import * as search from './search.service.js';

const tags = ['search'];

export async function searchRoutes(app: FastifyInstance, { ctx }: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { store } = ctx.modules.search;
  store.log.onError((error) => app.log.warn({ err: error }, 'search log entries not written'));

  r.get(
    '/api/search',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Search products, services, investigations, blog posts and vendors (2+ characters)',
        querystring: searchQuerySchema,
        response: { 200: z.array(searchResultSchema), ...errors(400) },
      },
    },
    async (request) => search.search(store, request.query, request.auth?.user.id ?? null),
  );

  r.get(
    '/api/search/trending',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Most searched queries of the last 7 days',
        response: { 200: z.array(z.string()) },
      },
    },
    async () => search.trending(ctx),
  );

  r.post(
    '/api/search/click',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Record that a result of a search was opened',
        body: searchClickRequestSchema,
        response: { 204: z.null(), ...errors(400) },
      },
    },
    async (request, reply) => {
      await search.recordClick(ctx, store, request.auth?.user.id ?? null, request.body.query);
      return reply.status(204).send(null);
    },
  );
}
