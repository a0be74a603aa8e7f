import type { ServerModule } from '../../infra/module.js';
import { organizationRoutes } from './organization.routes.js';

export const organizationModule = {
  name: 'organization',
  routes: [organizationRoutes],
} satisfies ServerModule;
