import { inOwnScope, type ServerModule } from '../../infra/module.js';
import { evidenceRoutes } from './evidence.routes.js';

export const evidenceModule = {
  name: 'evidence',
  routes: [inOwnScope(evidenceRoutes)],
} satisfies ServerModule;
