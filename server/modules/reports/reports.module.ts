import type { ServerModule } from '../../infra/module.js';
import { reportJob } from './reports.service.js';
import { reportsRoutes } from './reports.routes.js';

export const reportsModule = {
  name: 'reports',
  routes: [reportsRoutes],
  jobs: [reportJob],
} satisfies ServerModule;
