import type { ServerModule } from '../../infra/module.js';
import { bulkRoutes } from './bulk.routes.js';
import { bulkJob } from './bulk.service.js';

export const bulkModule = {
  name: 'bulk',
  routes: [bulkRoutes],
  jobs: [bulkJob],
} satisfies ServerModule;
