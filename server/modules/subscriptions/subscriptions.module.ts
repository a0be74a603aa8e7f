import { defineSchedule } from '../../infra/job.js';
import type { ServerModule } from '../../infra/module.js';
import { subscriptionsRoutes } from './subscriptions.routes.js';
import * as subscriptions from './subscriptions.service.js';

export const subscriptionsModule = {
  name: 'subscriptions',
  routes: [subscriptionsRoutes],
  schedules: {
    expireSubscriptions: defineSchedule({
      name: 'subscriptions.expire-ended',
      cron: '*/5 * * * *',
      async handle(ctx, { logger }) {
        const ended = await subscriptions.expireEnded(ctx);
        if (ended > 0) logger.info({ ended }, 'subscriptions ended');
      },
    }),
  },
  settlements: { tier_upgrade: subscriptions.tierUpgradeSettlement },
} satisfies ServerModule;
