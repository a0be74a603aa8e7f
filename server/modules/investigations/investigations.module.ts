import type { ServerModule } from '../../infra/module.js';
import { investigationsRoutes } from './investigations.routes.js';
import { investigationSlaBreaches } from './sla.jobs.js';

export const investigationsModule = {
  name: 'investigations',
  routes: [investigationsRoutes],
  schedules: { investigationSlaBreaches },
} satisfies ServerModule;
