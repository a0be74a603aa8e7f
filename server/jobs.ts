import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './infra/context.js';
import { modules } from './modules.js';

/**
 * Starts the queue and every module's background work, the counterpart of app.ts for jobs: first each module's
 * scheduled maintenance jobs (cron, UTC), then its queue workers, in the modules' order.
 */
export async function startJobs(ctx: AppContext, logger: FastifyBaseLogger): Promise<void> {
  const { queue } = ctx;
  await queue.start();
  for (const module of modules) {
    for (const schedule of Object.values(module.schedules ?? {})) {
      await queue.schedule(schedule.name, schedule.cron, () => schedule.run(ctx, logger));
    }
  }
  for (const module of modules) await module.jobs?.(ctx, logger);
}
