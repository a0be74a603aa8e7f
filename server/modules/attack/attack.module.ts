import type { ServerModule } from '../../infra/module.js';
import { attackRoutes } from './attack.routes.js';

export const attackModule = {
  name: 'attack',
  routes: [attackRoutes],
} satisfies ServerModule;
