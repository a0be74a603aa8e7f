import type { ServerModule } from '../../infra/module.js';
import { threatsRoutes } from './threats.routes.js';

export const threatsModule = {
  name: 'threats',
  routes: [threatsRoutes],
} satisfies ServerModule;
