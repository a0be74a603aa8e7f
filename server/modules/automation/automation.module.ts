import type { ServerModule } from '../../infra/module.js';
import { automationRoutes } from './automation.routes.js';
import * as runner from './automation.runner.js';

export const automationModule = {
  name: 'automation',
  routes: [automationRoutes],
  subscribe: runner.subscribe,
  jobs: [runner.automationRunJob],
} satisfies ServerModule;
