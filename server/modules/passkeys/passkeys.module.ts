import { defineSchedule } from '../../infra/job.js';
import type { ServerModule } from '../../infra/module.js';
import { passkeysRoutes } from './passkeys.routes.js';
import * as passkeys from './passkeys.service.js';

export const passkeysModule = {
  name: 'passkeys',
  routes: [passkeysRoutes],
  schedules: {
    purgeChallenges: defineSchedule({
      name: 'passkeys.purge-expired-challenges',
      cron: '*/15 * * * *',
      async handle(ctx, { logger }) {
        const removed = await passkeys.purgeExpiredChallenges(ctx);
        if (removed > 0) logger.info({ removed }, 'expired passkey challenges purged');
      },
    }),
  },
} as const satisfies ServerModule;
