import type { ServerModule } from '../../infra/module.js';
import { catalogRoutes } from './catalog.routes.js';

export const catalogModule = {
  name: 'catalog',
  routes: [catalogRoutes],
} satisfies ServerModule;
