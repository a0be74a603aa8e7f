import type { ServerModule } from '../../infra/module.js';
import * as rateLimits from './rate-limits.service.js';

export const rateLimitsModule = {
  name: 'rate-limits',
  schedules: {
    purgeRateLimits: {
      name: 'rate-limits.purge-expired',
      cron: '7 * * * *',
      async run(ctx) {
        await rateLimits.purgeExpired(ctx.db);
      },
    },
  },
} satisfies ServerModule;
