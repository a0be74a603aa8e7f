import type { ServerModule } from '../../infra/module.js';
import { integrationsRoutes } from './integrations.routes.js';
import { deliveryJob } from './integrations.service.js';

export const integrationsModule = {
  name: 'integrations',
  routes: [integrationsRoutes],
  jobs: [deliveryJob],
} satisfies ServerModule;
