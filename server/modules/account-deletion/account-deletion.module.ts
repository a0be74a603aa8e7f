import type { ServerModule } from '../../infra/module.js';
import { registerAccountDeletionJobs } from './account-deletion.jobs.js';
import { accountDeletionRoutes } from './account-deletion.routes.js';
import * as accountDeletion from './account-deletion.service.js';

export const accountDeletionModule = {
  name: 'account-deletion',
  routes: [accountDeletionRoutes],
  schedules: {
    carryOutDeletions: {
      name: 'account-deletion.carry-out-due',
      cron: '* * * * *',
      async run(ctx, logger) {
        const deleted = await accountDeletion.carryOutDue(ctx);
        if (deleted > 0) logger.info({ deleted }, 'account deletions carried out');
      },
    },
  },
  jobs: registerAccountDeletionJobs,
} satisfies ServerModule;
