import type { ServerModule } from '../../infra/module.js';
import { apiKeysRoutes } from './api-keys.routes.js';

export const apiKeysModule = {
  name: 'api-keys',
  routes: [apiKeysRoutes],
} satisfies ServerModule;
