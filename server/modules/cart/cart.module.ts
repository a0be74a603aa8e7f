import type { ServerModule } from '../../infra/module.js';
import { cartRoutes } from './cart.routes.js';

export const cartModule = {
  name: 'cart',
  routes: [cartRoutes],
} satisfies ServerModule;
