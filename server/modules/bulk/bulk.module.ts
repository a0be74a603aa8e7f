import type { ServerModule } from '../../infra/module.js';
import { bulkRoutes } from './bulk.routes.js';
import { registerBulkJobs } from './bulk.jobs.js';

export const bulkModule = {
  name: 'bulk',
  routes: [bulkRoutes],
  jobs: registerBulkJobs,
} satisfies ServerModule;
