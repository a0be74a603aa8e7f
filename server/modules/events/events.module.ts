import { defineSchedule } from '../../infra/job.js';
import type { ServerModule } from '../../infra/module.js';
import { eventsRoutes } from './events.routes.js';
import { purgeOld } from './events.service.js';
import { StreamHub } from './events.state.js';

export const eventsModule = {
  name: 'events',
  routes: [eventsRoutes],
  state: (ctx) => new StreamHub(ctx),
  schedules: {
    purgeEvents: defineSchedule({
      name: 'events.purge',
      cron: '*/10 * * * *',
      async handle(ctx, { logger }) {
        const removed = await purgeOld(ctx);
        if (removed > 0) logger.debug({ removed }, 'live events past the replay window purged');
      },
    }),
  },
} as const satisfies ServerModule;
