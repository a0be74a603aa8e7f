import { defineSchedule } from '../../infra/job.js';
import type { ServerModule } from '../../infra/module.js';
import { authRoutes } from './auth.routes.js';
import { purgeExpiredLinks } from './account-mail.js';
import * as sessions from './sessions.service.js';
import { resetMailJob } from './password-reset.service.js';
import { createAuthState } from './auth.state.js';

export const authModule = {
  name: 'auth',
  routes: [authRoutes],
  schedules: {
    purgeSessions: defineSchedule({
      name: 'auth.purge-expired-sessions',
      cron: '*/15 * * * *',
      async handle(ctx, { logger }) {
        const removed = await sessions.purgeExpiredSessions(ctx);
        logger.info({ removed }, 'expired sessions purged');
      },
    }),
    purgeLinks: defineSchedule({
      name: 'auth.purge-expired-links',
      cron: '23 3 * * *',
      async handle(ctx, { logger }) {
        const removed = await purgeExpiredLinks(ctx);
        if (removed > 0) logger.info({ removed }, 'expired mail links purged');
      },
    }),
  },
  jobs: [resetMailJob],
  state: createAuthState,
} as const satisfies ServerModule;
