import type { ServerModule } from '../../infra/module.js';
import { healthRoutes } from './health.routes.js';

export const healthModule = {
  name: 'health',
  routes: [healthRoutes],
} satisfies ServerModule;
