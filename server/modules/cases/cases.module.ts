import type { ServerModule } from '../../infra/module.js';
import { casesRoutes } from './cases.routes.js';

export const casesModule = {
  name: 'cases',
  routes: [casesRoutes],
} satisfies ServerModule;
