import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../infra/context.js';
import { RUN_JOB, runQueued, type RunJob } from './automation.runner.js';

/** The worker that runs rules matched by events (see `subscribe`). */
export async function registerAutomationJobs(ctx: AppContext, logger: FastifyBaseLogger): Promise<void> {
  await ctx.queue.work<RunJob>(RUN_JOB, async (job) => {
    try {
      await runQueued(ctx, job.data);
    } catch (error) {
      logger.error(
        { err: error, ruleId: job.data.ruleId, retryCount: job.retryCount },
        'automation run failed',
      );
      throw error;
    }
  });
}
