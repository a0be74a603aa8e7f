import type { ServerModule } from '../../infra/module.js';
import { casesRoutes } from './cases.routes.js';
import { caseSlaBreaches } from './sla.jobs.js';

export const casesModule = {
  name: 'cases',
  routes: [casesRoutes],
  schedules: { caseSlaBreaches },
} satisfies ServerModule;
