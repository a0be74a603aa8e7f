import type { ServerModule } from '../../infra/module.js';
import { accountDeletionRoutes } from './account-deletion.routes.js';
import { carryOutDueSchedule, carryOutJob } from './account-deletion.service.js';

export const accountDeletionModule = {
  name: 'account-deletion',
  routes: [accountDeletionRoutes],
  schedules: { carryOutDeletions: carryOutDueSchedule },
  jobs: [carryOutJob],
} satisfies ServerModule;
