import type { ServerModule } from '../../infra/module.js';
import { analyticsRoutes } from './analytics.routes.js';

export const analyticsModule = {
  name: 'analytics',
  routes: [analyticsRoutes],
} satisfies ServerModule;
