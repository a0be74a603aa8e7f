import type { ServerModule } from '../../infra/module.js';
import { registerReportJobs } from './reports.jobs.js';
import { reportsRoutes } from './reports.routes.js';

export const reportsModule = {
  name: 'reports',
  routes: [reportsRoutes],
  jobs: registerReportJobs,
} satisfies ServerModule;
