import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blogListQuerySchema, blogPostSchema, blogPostSummarySchema } from '../../../contract/blog.js';
import { errorBodySchema } from '../../../contract/errors.js';
import type { AppContext } from '../../lib/context.js';
import * as blog from './blog.service.js';

const tags = ['blog'];

export async function blogRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/blog',
    {
      schema: {
        tags,
        summary: 'Published posts, newest first; locked ones without a body (public)',
        querystring: blogListQuerySchema,
        response: { 200: z.array(blogPostSummarySchema), 400: errorBodySchema },
      },
    },
    async (request) => {
      const { category, limit } = request.query;
      return blog.listPosts(ctx, request.auth?.user.tier ?? null, { category, limit });
    },
  );

  r.get(
    '/api/blog/:id',
    {
      schema: {
        tags,
        summary: 'One post with its Markdown body, when your tier may read it; counts a view',
        params: z.object({ id: z.string() }),
        response: { 200: blogPostSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => blog.readPost(ctx, request.params.id, request.auth?.user.tier ?? null),
  );
}
