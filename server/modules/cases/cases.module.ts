import type { ServerModule } from '../../infra/module.js';
import { casesRoutes } from './cases.routes.js';
import { caseSlaBreaches } from './sla.jobs.js';
import { taskRoutes } from './tasks.routes.js';

export const casesModule = {
  name: 'cases',
  routes: [casesRoutes, taskRoutes],
  schedules: { caseSlaBreaches },
} satisfies ServerModule;
