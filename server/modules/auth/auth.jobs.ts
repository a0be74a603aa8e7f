import type { AppContext } from '../../infra/context.js';
import { mailPasswordReset, RESET_JOB, type ResetJob } from './password-reset.service.js';

export async function registerAuthJobs(ctx: AppContext): Promise<void> {
  // Every reset request queues one, known address or not: a few workers keep up with a burst.
  await ctx.queue.work<ResetJob>(RESET_JOB, (job) => mailPasswordReset(ctx, job.data), { concurrency: 4 });
}
