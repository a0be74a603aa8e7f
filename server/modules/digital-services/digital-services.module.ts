import type { ServerModule } from '../../infra/module.js';
import { digitalServicesRoutes } from './digital-services.routes.js';

export const digitalServicesModule = {
  name: 'digital-services',
  routes: [digitalServicesRoutes],
} satisfies ServerModule;
