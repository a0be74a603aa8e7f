import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { analyticsDashboardSchema, pageViewBatchSchema } from '../../../contract/analytics.js';
import { access } from '../../lib/route-access.js';
import { errors } from '../../plugins/error-responses.js';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import type { AppContext } from '../../infra/context.js';
import * as analytics from './analytics.service.js';

const tags = ['analytics'];

export async function analyticsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/analytics/dashboard',
    {
      config: { access: access.tier(DIRECTOR_TIER) },
      schema: {
        tags,
        summary: 'Live figures for Directors (tier 4): the last 30 days',
        response: { 200: analyticsDashboardSchema, ...errors(401, 403) },
      },
    },
    async () => analytics.dashboard(ctx),
  );

  r.post(
    '/api/analytics/events',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Page views reported by the browser, in batches (anonymous or signed in)',
        body: pageViewBatchSchema,
        response: { 202: z.object({ accepted: z.number().int() }), ...errors(400) },
      },
    },
    async (request, reply) => {
      const accepted = await analytics.recordPageViews(ctx, request.body, {
        key: request.sessionToken ?? `${request.ip}|${request.headers['user-agent'] ?? ''}`,
        userId: request.auth?.user.id ?? null,
        userAgent: request.headers['user-agent'],
      });
      return reply.status(202).send({ accepted });
    },
  );
}
