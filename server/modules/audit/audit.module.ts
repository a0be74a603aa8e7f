import type { ServerModule } from '../../infra/module.js';
import { auditRoutes } from './audit.routes.js';

export const auditModule = {
  name: 'audit',
  routes: [auditRoutes],
} satisfies ServerModule;
