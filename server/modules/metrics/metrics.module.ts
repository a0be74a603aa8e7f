import type { ServerModule } from '../../infra/module.js';
import { metricsRoutes } from './metrics.routes.js';

export const metricsModule = {
  name: 'metrics',
  routes: [metricsRoutes],
} satisfies ServerModule;
