import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env.js';
import type { Database } from './db/client.js';
import type { AppContext } from './infra/context.js';
import { fastifyLogging } from './infra/logging.js';
import { hasOwnScope } from './infra/module.js';
import { clientDistDir } from './lib/paths.js';
import { createAppContext, modules } from './modules.js';
import authPlugin from './plugins/auth.js';
import clientPlugin from './plugins/client.js';
import compressionPlugin from './plugins/compression.js';
import docsPlugin from './plugins/docs.js';
import errorsPlugin from './plugins/errors.js';
import observabilityPlugin, { requestId } from './plugins/observability.js';
import { memoizedQuerystringParser, memoizeQueryStrings } from './plugins/query-memo.js';
import { scopeAwareValidatorCompiler } from './plugins/scope-fields.js';
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
    ...(options.logger
      ? fastifyLogging(options.logger, (request) => request.auth?.user.id)
      : { logger: false }),
    trustProxy: trustProxy(config.TRUST_PROXY),
    bodyLimit: 1_048_576,
    routerOptions: {
      ignoreTrailingSlash: true,
      maxParamLength: 200,
      querystringParser: memoizedQuerystringParser(),
    },
    requestTimeout: 30_000,
    // A valid incoming X-Request-Id, else a UUID; the same id is the answer's X-Request-Id and every log line's reqId.
    genReqId: requestId,
  });
  app.setValidatorCompiler(memoizeQueryStrings(scopeAwareValidatorCompiler));
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext =
    options.context ?? createAppContext(database.db, config, { databaseUrl: database.url });
  await ctx.changes.start();
  app.addHook('onClose', () => ctx.changes.stop());
  app.addHook('onClose', () => ctx.queue.stop());
  app.addHook('onClose', () => ctx.mailer.close());
  app.addHook('onClose', () => ctx.closeModules());

  // First, so that every route after it is in the table the authorization and fuzz tests check.
  await app.register(routeTablePlugin);
  // Second: every later route is timed.
  await app.register(observabilityPlugin);
  await app.register(errorsPlugin);
  // Its header hook (the request id's too) runs before any later hook that may refuse a request.
  await app.register(securityPlugin, { config });
  // Before any route: it compresses the answers of the routes registered after it (the docs' included).
  await app.register(compressionPlugin);
  await app.register(docsPlugin, { config });
  await app.register(sessionPlugin, { ctx });
  await app.register(authPlugin, { ctx });

  // Every module's event subscriptions, then their routes in the list's order (health first).
  for (const module of modules) module.subscribe?.(ctx);
  for (const module of modules) {
    for (const routes of module.routes ?? [])
      await app.register(hasOwnScope(routes) ? routes : fp(routes), { ctx, database });
  }

  // Last: the built client answers whatever no route above claimed.
  await app.register(clientPlugin, {
    root: options.clientRoot ?? clientDistDir,
    serveSourceMaps: config.SERVE_SOURCE_MAPS,
  });
  return app;
}
