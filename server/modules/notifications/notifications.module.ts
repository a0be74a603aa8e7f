import type { ServerModule } from '../../infra/module.js';
import { notificationsRoutes } from './notifications.routes.js';

export const notificationsModule = {
  name: 'notifications',
  routes: [notificationsRoutes],
} satisfies ServerModule;
