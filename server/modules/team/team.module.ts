import type { ServerModule } from '../../infra/module.js';
import { teamRoutes } from './team.routes.js';

export const teamModule = {
  name: 'team',
  routes: [teamRoutes],
} satisfies ServerModule;
