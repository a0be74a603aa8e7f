import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './lib/context.js';
import { scheduleJob, startQueue, type Queue } from './lib/queue.js';
import * as auth from './modules/auth/auth.service.js';
import * as rateLimits from './modules/rate-limits/rate-limits.service.js';
import * as subscriptions from './modules/subscriptions/subscriptions.service.js';

export const JOBS = {
  purgeSessions: 'auth.purge-expired-sessions',
  purgeRateLimits: 'rate-limits.purge-expired',
  expireSubscriptions: 'subscriptions.expire-ended',
} as const;

/** Starts the queue and every module's background work; the counterpart of app.ts for jobs. */
export async function startJobs(ctx: AppContext, url: string, logger: FastifyBaseLogger): Promise<Queue> {
  const queue = await startQueue(url, logger);
  await scheduleJob(queue, JOBS.purgeSessions, '*/15 * * * *', async () => {
    const removed = await auth.purgeExpiredSessions(ctx);
    logger.info({ removed }, 'expired sessions purged');
  });
  await scheduleJob(queue, JOBS.purgeRateLimits, '7 * * * *', async () => {
    await rateLimits.purgeExpired(ctx.db);
  });
  await scheduleJob(queue, JOBS.expireSubscriptions, '*/5 * * * *', async () => {
    const ended = await subscriptions.expireEnded(ctx);
    if (ended > 0) logger.info({ ended }, 'subscriptions ended');
  });
  return queue;
}
