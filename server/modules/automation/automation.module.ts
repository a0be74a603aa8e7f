import type { ServerModule } from '../../infra/module.js';
import { automationRoutes } from './automation.routes.js';
import * as runner from './automation.runner.js';
import { registerAutomationJobs } from './automation.jobs.js';

export const automationModule = {
  name: 'automation',
  routes: [automationRoutes],
  subscribe: runner.subscribe,
  jobs: registerAutomationJobs,
} satisfies ServerModule;
