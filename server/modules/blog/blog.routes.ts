import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blogListQuerySchema, blogPostSchema, blogPostSummarySchema } from '../../../contract/blog.js';
import { access } from '../../lib/route-access.js';
import { errors } from '../../plugins/error-responses.js';
import type { AppContext } from '../../infra/context.js';
import { sendCachedJson } from '../../plugins/compression.js';
import { serializeOnce } from '../../lib/serialize-once.js';
import { sendWhenReady } from '../../lib/when-ready.js';
import * as blog from './blog.service.js';

const tags = ['blog'];
const summariesSchema = z.array(blogPostSummarySchema);
/** The service hands out the same list while it is cached: its JSON is made, and compressed, once. */
const serializeSummaries = serializeOnce(summariesSchema);

export async function blogRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/blog',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Published posts, newest first; locked ones without a body (public)',
        querystring: blogListQuerySchema,
        response: { 200: summariesSchema, ...errors(400) },
      },
      // Its answer brings its own compressed forms (sendCachedJson): no compression hooks run for it.
      compress: false,
    },
    // Synchronous when the list is cached (sendWhenReady).
    (request, reply) => {
      const { category, limit, tier } = request.query;
      const sessionTier = request.auth?.user.tier ?? null;
      const readerTier =
        sessionTier === null || tier === undefined ? sessionTier : Math.min(sessionTier, tier);
      return sendWhenReady(blog.listPosts(ctx, readerTier, { category, limit }), (posts) =>
        sendCachedJson(request, reply, posts, serializeSummaries),
      );
    },
  );

  r.get(
    '/api/blog/:id',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'One post with its Markdown body, when your tier may read it; counts a view',
        params: z.object({ id: z.string() }),
        response: { 200: blogPostSchema, ...errors(403, 404) },
      },
    },
    async (request) => blog.readPost(ctx, request.params.id, request.auth?.user.tier ?? null),
  );
}
