import type { ServerModule } from '../../infra/module.js';
import { vendorsRoutes } from './vendors.routes.js';

export const vendorsModule = {
  name: 'vendors',
  routes: [vendorsRoutes],
} satisfies ServerModule;
