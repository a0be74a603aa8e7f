import type { ServerModule } from '../../infra/module.js';
import { authRoutes } from './auth.routes.js';
import { purgeExpiredLinks } from './account-mail.js';
import * as sessions from './sessions.service.js';
import { registerAuthJobs } from './auth.jobs.js';

export const authModule = {
  name: 'auth',
  routes: [authRoutes],
  schedules: {
    purgeSessions: {
      name: 'auth.purge-expired-sessions',
      cron: '*/15 * * * *',
      async run(ctx, logger) {
        const removed = await sessions.purgeExpiredSessions(ctx);
        logger.info({ removed }, 'expired sessions purged');
      },
    },
    purgeLinks: {
      name: 'auth.purge-expired-links',
      cron: '23 3 * * *',
      async run(ctx, logger) {
        const removed = await purgeExpiredLinks(ctx);
        if (removed > 0) logger.info({ removed }, 'expired mail links purged');
      },
    },
  },
  jobs: registerAuthJobs,
} satisfies ServerModule;
