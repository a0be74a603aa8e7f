import type { ServerModule } from '../../infra/module.js';
import { scimRoutes } from './scim.routes.js';

export const scimModule = {
  name: 'scim',
  routes: scimRoutes,
} satisfies ServerModule;
