import { defineSchedule } from '../../infra/job.js';
import type { ServerModule } from '../../infra/module.js';
import { purgeExpiredLogins } from './sso-settings.service.js';
import { ssoRoutes } from './sso.routes.js';
import { createSsoState } from './sso.state.js';

export const ssoModule = {
  name: 'sso',
  routes: [ssoRoutes],
  schedules: {
    purgeLogins: defineSchedule({
      name: 'sso.purge-expired-logins',
      cron: '*/15 * * * *',
      async handle(ctx, { logger }) {
        const removed = await purgeExpiredLogins(ctx);
        if (removed > 0) logger.info({ removed }, 'expired single sign-on attempts purged');
      },
    }),
  },
  state: createSsoState,
} as const satisfies ServerModule;
