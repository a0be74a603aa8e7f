import type { ServerModule } from '../../infra/module.js';
import { auditRoutes } from './audit.routes.js';
import { createAuditState } from './audit.state.js';

export const auditModule = {
  name: 'audit',
  routes: [auditRoutes],
  state: createAuditState,
} as const satisfies ServerModule;
