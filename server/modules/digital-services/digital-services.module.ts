import type { ServerModule } from '../../infra/module.js';
import { digitalServicesRoutes } from './digital-services.routes.js';
import { createDigitalServicesState } from './digital-services.state.js';

export const digitalServicesModule = {
  name: 'digital-services',
  routes: [digitalServicesRoutes],
  state: createDigitalServicesState,
} as const satisfies ServerModule;
