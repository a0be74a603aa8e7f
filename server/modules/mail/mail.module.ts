import { defineSchedule } from '../../infra/job.js';
import type { ServerModule } from '../../infra/module.js';
import { mailJob, purgeFinished } from './mail.service.js';

export const mailModule = {
  name: 'mail',
  schedules: {
    purgeMail: defineSchedule({
      name: 'mail.purge-finished',
      cron: '41 3 * * *',
      async handle(ctx, { logger }) {
        const removed = await purgeFinished(ctx);
        if (removed > 0) logger.info({ removed }, 'old outbox messages purged');
      },
    }),
  },
  jobs: [mailJob],
} satisfies ServerModule;
