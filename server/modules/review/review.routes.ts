import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reviewCountsSchema } from '../../../contract/review.js';
import { DIRECTOR_TIER } from '../../../contract/tiers.js';
import { access } from '../../lib/route-access.js';
import type { AppContext } from '../../infra/context.js';
import { errors } from '../../plugins/error-responses.js';
import * as review from './review.service.js';

const tags = ['review'];

export async function reviewRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/review/counts',
    {
      config: { access: access.tier(DIRECTOR_TIER) },
      schema: {
        tags,
        summary: 'How much waits in each review queue (Directors)',
        description: [
          'One number per queue: `payments` (pending payments to confirm or fail), `upgrades` (paid tier 4',
          'upgrades waiting for an approval; an upgrade whose payment is still pending counts under `payments`),',
          '`secureChannel` (requests waiting for the security review), `vendorApplications` and `vendorProducts`',
          '(waiting for a decision). Read at the time of the request; nothing is recorded.',
        ].join(' '),
        response: { 200: reviewCountsSchema, ...errors(401, 403) },
      },
    },
    async () => review.counts(ctx),
  );
}
