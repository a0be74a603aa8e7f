import type { ServerModule } from '../../infra/module.js';
import { integrationsRoutes } from './integrations.routes.js';
import { registerIntegrationJobs } from './integrations.jobs.js';

export const integrationsModule = {
  name: 'integrations',
  routes: [integrationsRoutes],
  jobs: registerIntegrationJobs,
} satisfies ServerModule;
