import type { ServerModule } from '../../infra/module.js';
import { registerMailJobs } from './mail.jobs.js';
import { purgeFinished } from './mail.service.js';

export const mailModule = {
  name: 'mail',
  schedules: {
    purgeMail: {
      name: 'mail.purge-finished',
      cron: '41 3 * * *',
      async run(ctx, logger) {
        const removed = await purgeFinished(ctx);
        if (removed > 0) logger.info({ removed }, 'old outbox messages purged');
      },
    },
  },
  jobs: registerMailJobs,
} satisfies ServerModule;
