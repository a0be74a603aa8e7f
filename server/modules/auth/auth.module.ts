import type { ServerModule } from '../../infra/module.js';
import { authRoutes } from './auth.routes.js';
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
  },
  jobs: registerAuthJobs,
} satisfies ServerModule;
