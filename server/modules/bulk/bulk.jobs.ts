import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../infra/context.js';
import { BULK_JOB, BULK_JOB_RETRY_LIMIT, failOperation, runOperation } from './bulk.service.js';

/** Runs queued bulk operations. A try that breaks is retried (resuming from its saved progress) until the last. */
export async function registerBulkJobs(ctx: AppContext, logger: FastifyBaseLogger): Promise<void> {
  await ctx.queue.work<{ operationId: string }>(BULK_JOB, async (job) => {
    const { operationId } = job.data;
    try {
      await runOperation(ctx, operationId);
    } catch (err) {
      logger.error({ err, operationId, retryCount: job.retryCount }, 'bulk operation try failed');
      if (job.retryCount < BULK_JOB_RETRY_LIMIT) throw err;
      await failOperation(ctx, operationId);
    }
  });
}
