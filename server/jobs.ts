import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './lib/context.js';
import { registerAiJobs } from './modules/ai/ai.jobs.js';
import * as auth from './modules/auth/auth.service.js';
import { registerAutomationJobs } from './modules/automation/automation.jobs.js';
import { registerIntegrationJobs } from './modules/integrations/integrations.jobs.js';
import { registerBulkJobs } from './modules/bulk/bulk.jobs.js';
import * as rateLimits from './modules/rate-limits/rate-limits.service.js';
import * as subscriptions from './modules/subscriptions/subscriptions.service.js';

/** The scheduled maintenance jobs (cron, UTC). Modules' own queued jobs register their workers below. */
export const SCHEDULES = {
  purgeSessions: 'auth.purge-expired-sessions',
  purgeRateLimits: 'rate-limits.purge-expired',
  expireSubscriptions: 'subscriptions.expire-ended',
} as const;

/** Starts the queue and every module's background work; the counterpart of app.ts for jobs. */
export async function startJobs(ctx: AppContext, logger: FastifyBaseLogger): Promise<void> {
  const { queue } = ctx;
  await queue.start();
  await queue.schedule(SCHEDULES.purgeSessions, '*/15 * * * *', async () => {
    const removed = await auth.purgeExpiredSessions(ctx);
    logger.info({ removed }, 'expired sessions purged');
  });
  await queue.schedule(SCHEDULES.purgeRateLimits, '7 * * * *', async () => {
    await rateLimits.purgeExpired(ctx.db);
  });
  await queue.schedule(SCHEDULES.expireSubscriptions, '*/5 * * * *', async () => {
    const ended = await subscriptions.expireEnded(ctx);
    if (ended > 0) logger.info({ ended }, 'subscriptions ended');
  });
  await registerIntegrationJobs(ctx, logger);
  await registerBulkJobs(ctx, logger);
  await registerAutomationJobs(ctx, logger);
  await registerAiJobs(ctx, logger);
}
