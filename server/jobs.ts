import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './infra/context.js';
import type { JobDefinition } from './infra/job.js';
import type { JobHandler } from './infra/queue.js';
import { modules } from './modules.js';

/**
 * Starts the queue and every module's background work, the counterpart of app.ts for jobs: first each module's
 * scheduled maintenance jobs (cron, UTC), then a worker for each job its manifest lists, in the modules' order.
 */
export async function startJobs(ctx: AppContext, logger: FastifyBaseLogger): Promise<void> {
  const { queue } = ctx;
  const run =
    (job: JobDefinition): JobHandler<unknown> =>
    (data, claimed) =>
      job.handle(ctx, data, { ...claimed, logger });
  await queue.start();
  for (const module of modules) {
    for (const schedule of Object.values(module.schedules ?? {}))
      await queue.schedule(schedule, run(schedule));
  }
  for (const module of modules) {
    for (const job of module.jobs ?? []) await queue.work(job, run(job));
  }
}
