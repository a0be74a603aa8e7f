import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../infra/context.js';
import { deliver, DELIVER_JOB, type DeliverJob } from './integrations.service.js';

/** The worker that sends queued integration messages, one try per job. */
export async function registerIntegrationJobs(ctx: AppContext, logger: FastifyBaseLogger): Promise<void> {
  await ctx.queue.work<DeliverJob>(DELIVER_JOB, async (job) => {
    const delivery = await deliver(ctx, job.data.deliveryId);
    if (delivery?.status === 'failed') {
      logger.warn(
        { deliveryId: delivery.id, integrationId: delivery.integrationId, attempts: delivery.attempts },
        'integration delivery failed',
      );
    }
  });
}
