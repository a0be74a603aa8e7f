import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env.js';
import type { Database } from './db/client.js';
import { createContext, type AppContext } from './lib/context.js';
import { clientDistDir } from './lib/paths.js';
import { analyticsRoutes } from './modules/analytics/analytics.routes.js';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { blogRoutes } from './modules/blog/blog.routes.js';
import { cartRoutes } from './modules/cart/cart.routes.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { devicesRoutes } from './modules/devices/devices.routes.js';
import { digitalServicesRoutes } from './modules/digital-services/digital-services.routes.js';
import { investigationsRoutes } from './modules/investigations/investigations.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { mfaRoutes } from './modules/mfa/mfa.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import * as notifications from './modules/notifications/notifications.service.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { teamRoutes } from './modules/team/team.routes.js';
import { secureChannelRoutes } from './modules/secure-channel/secure-channel.routes.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { paymentsRoutes, stripeWebhookRoutes } from './modules/payments/payments.routes.js';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { casesRoutes } from './modules/cases/cases.routes.js';
import { aiRoutes } from './modules/ai/ai.routes.js';
import { vendorRoutes } from './modules/vendor/vendor.routes.js';
import { integrationsRoutes } from './modules/integrations/integrations.routes.js';
import { qrCodesRoutes, qrScanRoutes } from './modules/qr-codes/qr-codes.routes.js';
import { enterpriseRoutes } from './modules/enterprise/enterprise.routes.js';
import { threatsRoutes } from './modules/threats/threats.routes.js';
import { bulkRoutes } from './modules/bulk/bulk.routes.js';
import { automationRoutes } from './modules/automation/automation.routes.js';
import * as automation from './modules/automation/automation.service.js';
import authPlugin from './plugins/auth.js';
import clientPlugin from './plugins/client.js';
import docsPlugin from './plugins/docs.js';
import errorsPlugin from './plugins/errors.js';
import routeTablePlugin from './plugins/route-table.js';
import securityPlugin from './plugins/security.js';
import sessionPlugin from './plugins/session.js';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** A pino logger; none (silent) when omitted. */
  logger?: FastifyBaseLogger;
  /** Services' context; built from config and database when omitted. Tests may swap providers here. */
  context?: AppContext;
  /** Where the built client lives; tests may point elsewhere. */
  clientRoot?: string;
}

function trustProxy(value: string | undefined): FastifyServerOptions['trustProxy'] {
  if (value === undefined) return false;
  if (value === 'true') return true;
  // A comma-separated list of proxy addresses or CIDR ranges.
  return value.split(',').map((entry) => entry.trim());
}

/**
 * Builds the app without listening: external plugins, then ours, then feature routes (fastify/demo's order).
 * The caller owns the database (opened and migrated) and closes it after the app.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    trustProxy: trustProxy(config.TRUST_PROXY),
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    requestTimeout: 30_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext =
    options.context ?? createContext(database.db, config, { databaseUrl: database.url });
  await ctx.changes.start();
  app.addHook('onClose', () => ctx.changes.stop());
  app.addHook('onClose', () => ctx.queue.stop());

  // First, so that every route after it is in the table the authorization and fuzz tests check.
  await app.register(routeTablePlugin);
  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  await app.register(cookie);
  await app.register(docsPlugin);
  await app.register(sessionPlugin, { ctx });
  await app.register(authPlugin);

  await app.register(healthRoutes, { database });
  notifications.subscribe(ctx);
  automation.subscribe(ctx);

  await app.register(authRoutes, { ctx });
  await app.register(mfaRoutes, { ctx });
  await app.register(notificationsRoutes, { ctx });
  await app.register(devicesRoutes, { ctx });
  await app.register(apiKeysRoutes, { ctx });
  await app.register(analyticsRoutes, { ctx });
  await app.register(digitalServicesRoutes, { ctx });
  await app.register(investigationsRoutes, { ctx });
  await app.register(blogRoutes, { ctx });
  await app.register(teamRoutes, { ctx });
  await app.register(searchRoutes, { ctx });
  await app.register(catalogRoutes, { ctx });
  await app.register(cartRoutes, { ctx });
  await app.register(ordersRoutes, { ctx });
  await app.register(paymentsRoutes, { ctx });
  await app.register(stripeWebhookRoutes, { ctx });
  await app.register(subscriptionsRoutes, { ctx });
  await app.register(dashboardRoutes, { ctx });
  await app.register(casesRoutes, { ctx });
  await app.register(aiRoutes, { ctx });
  await app.register(secureChannelRoutes, { ctx });
  await app.register(vendorRoutes, { ctx });
  await app.register(integrationsRoutes, { ctx });
  await app.register(qrCodesRoutes, { ctx });
  await app.register(qrScanRoutes, { ctx });
  await app.register(enterpriseRoutes, { ctx });
  await app.register(threatsRoutes, { ctx });
  await app.register(bulkRoutes, { ctx });
  await app.register(automationRoutes, { ctx });

  await app.register(clientPlugin, { root: options.clientRoot ?? clientDistDir });
  return app;
}
