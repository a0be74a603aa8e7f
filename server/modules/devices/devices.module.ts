import type { ServerModule } from '../../infra/module.js';
import { devicesRoutes } from './devices.routes.js';

export const devicesModule = {
  name: 'devices',
  routes: [devicesRoutes],
} satisfies ServerModule;
