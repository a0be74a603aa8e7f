import type { ServerModule } from '../../infra/module.js';
import { enterpriseRoutes } from './enterprise.routes.js';

export const enterpriseModule = {
  name: 'enterprise',
  routes: [enterpriseRoutes],
} satisfies ServerModule;
