import type { ServerModule } from '../../infra/module.js';
import { mfaRoutes } from './mfa.routes.js';

export const mfaModule = {
  name: 'mfa',
  routes: [mfaRoutes],
} satisfies ServerModule;
