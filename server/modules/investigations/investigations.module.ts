import type { ServerModule } from '../../infra/module.js';
import { investigationsRoutes } from './investigations.routes.js';

export const investigationsModule = {
  name: 'investigations',
  routes: [investigationsRoutes],
} satisfies ServerModule;
