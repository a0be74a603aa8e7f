import type { ServerModule } from '../../infra/module.js';
import { catalogRoutes } from './catalog.routes.js';
import { createCatalogState } from './catalog.state.js';

export const catalogModule = {
  name: 'catalog',
  routes: [catalogRoutes],
  state: createCatalogState,
} as const satisfies ServerModule;
