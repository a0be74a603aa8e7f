import type { ServerModule } from '../../infra/module.js';
import { reviewRoutes } from './review.routes.js';

export const reviewModule = {
  name: 'review',
  routes: [reviewRoutes],
} satisfies ServerModule;
