import type { ServerModule } from '../../infra/module.js';
import { searchRoutes } from './search.routes.js';
import { createSearchState } from './search.state.js';

export const searchModule = {
  name: 'search',
  routes: [searchRoutes],
  state: createSearchState,
} as const satisfies ServerModule;
