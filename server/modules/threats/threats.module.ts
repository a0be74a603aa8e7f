import type { ServerModule } from '../../infra/module.js';
import { threatsRoutes } from './threats.routes.js';
import { indexIndicatorsSchedule } from './threats.service.js';

export const threatsModule = {
  name: 'threats',
  routes: [threatsRoutes],
  schedules: { indexIndicators: indexIndicatorsSchedule },
} satisfies ServerModule;
