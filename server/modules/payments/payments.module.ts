import type { ServerModule } from '../../infra/module.js';
import { paymentsRoutes, stripeWebhookRoutes } from './payments.routes.js';

export const paymentsModule = {
  name: 'payments',
  routes: [paymentsRoutes, stripeWebhookRoutes],
} satisfies ServerModule;
