import type { ServerModule } from '../../infra/module.js';
import { evidenceRoutes } from './evidence.routes.js';

export const evidenceModule = {
  name: 'evidence',
  routes: [evidenceRoutes],
} satisfies ServerModule;
