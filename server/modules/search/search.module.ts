import type { ServerModule } from '../../infra/module.js';
import { searchRoutes } from './search.routes.js';

export const searchModule = {
  name: 'search',
  routes: [searchRoutes],
} satisfies ServerModule;
