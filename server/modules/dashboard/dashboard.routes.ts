import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardSummarySchema } from '../../../contract/dashboard.js';
import { access } from '../../lib/route-access.js';
import { errors } from '../../plugins/error-responses.js';
import type { AppContext } from '../../infra/context.js';
import { currentAuth } from '../../plugins/auth.js';
import * as dashboard from './dashboard.service.js';

export async function dashboardRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/dashboard/summary',
    {
      config: { access: access.user() },
      schema: {
        tags: ['dashboard'],
        summary:
          'Mission Control: your counts, open missions, recent activity, orders and (Directors) overdue tasks',
        response: { 200: dashboardSummarySchema, ...errors(401) },
      },
    },
    async (request) => dashboard.summary(ctx, currentAuth(request).user),
  );
}
