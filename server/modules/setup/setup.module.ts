import type { ServerModule } from '../../infra/module.js';
import { setupRoutes } from './setup.routes.js';

export const setupModule = {
  name: 'setup',
  routes: [setupRoutes],
} satisfies ServerModule;
