import type { ServerModule } from '../../infra/module.js';
import { secureChannelRoutes } from './secure-channel.routes.js';

export const secureChannelModule = {
  name: 'secure-channel',
  routes: [secureChannelRoutes],
} satisfies ServerModule;
