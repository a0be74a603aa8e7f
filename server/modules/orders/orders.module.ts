import type { ServerModule } from '../../infra/module.js';
import { ordersRoutes } from './orders.routes.js';
import { orderSettlement } from './orders.service.js';

export const ordersModule = {
  name: 'orders',
  routes: [ordersRoutes],
  settlements: { order: orderSettlement },
} satisfies ServerModule;
