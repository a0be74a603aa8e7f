import type { ServerModule } from '../../infra/module.js';
import { notificationsRoutes } from './notifications.routes.js';
import { recordMailJob } from './notifications.service.js';

export const notificationsModule = {
  name: 'notifications',
  routes: [notificationsRoutes],
  jobs: [recordMailJob],
} satisfies ServerModule;
