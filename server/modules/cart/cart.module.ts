import type { ServerModule } from '../../infra/module.js';
import { cartRoutes } from './cart.routes.js';
import { createCartState } from './cart.state.js';

export const cartModule = {
  name: 'cart',
  routes: [cartRoutes],
  state: createCartState,
} as const satisfies ServerModule;
