import { defineSchedule } from '../../infra/job.js';
import type { ServerModule } from '../../infra/module.js';
import * as rateLimits from './rate-limits.service.js';

export const rateLimitsModule = {
  name: 'rate-limits',
  schedules: {
    purgeRateLimits: defineSchedule({
      name: 'rate-limits.purge-expired',
      cron: '7 * * * *',
      async handle(ctx) {
        await rateLimits.purgeExpired(ctx.db);
      },
    }),
  },
} satisfies ServerModule;
