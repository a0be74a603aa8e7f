import type { ServerModule } from '../../infra/module.js';
import { dashboardRoutes } from './dashboard.routes.js';

export const dashboardModule = {
  name: 'dashboard',
  routes: [dashboardRoutes],
} satisfies ServerModule;
