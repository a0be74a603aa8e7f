/**
 * Starts the server: configuration, the database (the embedded PostgreSQL unless DATABASE_URL), migrations, the
 * app, the jobs, the listener; and stops it in order on a signal. main.ts imports it, after OpenTelemetry when that
 * is on.
 */
import { EnvError, parseEnv } from './config/env.js';
import { loadConfig } from './config/secrets.js';
import { openDatabase, runMigrations, type Database } from './db/client.js';
import { takeOverSignals } from './db/embedded.js';
import { EncryptionKeyMismatch, checkEncryptionKey } from './modules/mfa/mfa.service.js';
import {
  describeDatabase,
  describeMail,
  formatBanner,
  localUrl,
  type StartupSummary,
} from './infra/banner.js';
import { EventBus } from './infra/events.js';
import { publicBaseUrl } from './infra/public-url.js';
import { createLogger } from './infra/logging.js';
import { JobQueue } from './infra/queue.js';
import { handleShutdown } from './infra/shutdown.js';
import { tracing } from './infra/tracing.js';

/** Under 10 s in all (issue 23): what is still running then is stopped at once. */
const STOP_TIMEOUT_MS = 9_000;
/** Requests still under way this long after a stop began are cut off, so the database can stop in time. */
const DRAIN_MS = 5_000;

/** The database once open: a stop closes it, and a failed start does not leave the embedded PostgreSQL running. */
let opened: Database | undefined;

async function main() {
  const env = parseEnv();
  takeOverSignals();
  const { logger, format } = createLogger({
    level: env.LOG_LEVEL,
    format: env.LOG_FORMAT,
    nodeEnv: env.NODE_ENV,
  });
  const started = performance.now();
  const config = await loadConfig(env);

  // From here on a signal stops what has started, the database last.
  let stopApp: () => Promise<void> = async () => {};
  let cutOffRequests = () => {};
  let beginDrain = async () => {};
  handleShutdown({
    logger,
    timeoutMs: STOP_TIMEOUT_MS,
    async close() {
      // Not ready first, still serving: a load balancer takes the instance out before it stops listening.
      await beginDrain();
      const cutOff = setTimeout(cutOffRequests, DRAIN_MS);
      try {
        await stopApp();
      } finally {
        clearTimeout(cutOff);
      }
      await opened?.close();
      // The last spans (the stop's own requests and jobs) go out before the process ends.
      await tracing().shutdown();
    },
    abort: () => opened?.kill?.(),
  });
  // The app's modules load while PostgreSQL starts (it runs in a process of its own): a start with nothing to
  // migrate or seed is ready sooner by the time their import takes.
  const parts = Promise.all([
    import('./app.js'),
    import('./modules.js'),
    import('./jobs.js'),
    import('./db/seed/seed.js'),
    import('./modules/setup/setup.service.js'),
  ]);
  parts.catch(() => {}); // awaited below; a failed start reports the first error only
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    onLog: (message) => logger.debug({ component: 'postgres' }, message),
    detached: true,
  });
  opened = database;
  logger.debug(
    { embedded: database.embedded },
    database.embedded ? 'embedded PostgreSQL started' : 'database connected',
  );

  await runMigrations(database.url);
  const [{ buildApp }, { createAppContext }, { startJobs }, { seedIfEmpty }, { issueToken }] = await parts;
  const ctx = createAppContext(database.db, config, {
    events: new EventBus(logger),
    databaseUrl: database.url,
    queue: new JobQueue(database.url, { logger, config }),
  });
  // A database restored or moved without the key its 2FA secrets were sealed with stops the start, loudly.
  await checkEncryptionKey(ctx);
  const seeded = await seedIfEmpty(ctx);
  if (seeded) logger.info(seeded, 'seeded an empty database');

  const app = await buildApp({ config, database, logger, context: ctx });
  // app.close(): /readyz answers 503, no new connections, requests under way finish; then the queue and the
  // change feed stop (the app's onClose hooks).
  stopApp = () => app.close();
  beginDrain = async () => {
    app.draining = true;
    if (env.DRAIN_DELAY_SECONDS > 0)
      await new Promise((resolve) => setTimeout(resolve, env.DRAIN_DELAY_SECONDS * 1000));
  };
  cutOffRequests = () => app.server.closeAllConnections();
  await startJobs(ctx, logger);

  // While no Director exists, a new one-time link at every start (issue 23 point 4).
  const setupToken = await issueToken(ctx);
  await app.listen({ port: env.PORT, host: env.HOST });

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const url = localUrl(env.HOST, port);
  const base = config.PUBLIC_BASE_URL ?? url;
  const summary: StartupSummary = {
    url,
    database: describeDatabase(env),
    mail: describeMail(env),
    setupUrl: setupToken ? `${base}/setup?token=${setupToken}` : null,
    readyInMs: Math.round(performance.now() - started),
  };
  // Mail that leaves the machine would link back to this machine's own address (mail never uses a request's Host).
  if (env.SMTP_URL && !config.PUBLIC_BASE_URL) {
    logger.warn(`PUBLIC_BASE_URL is not set: links in mail point at ${publicBaseUrl(config)}`);
  }
  if (format === 'pretty') {
    process.stdout.write(formatBanner(summary, process.stdout.isTTY === true));
  } else {
    logger.info(
      { url, database: summary.database, mail: summary.mail, readyInMs: summary.readyInMs },
      `ready on ${url}`,
    );
    // A warning, so that it shows at LOG_LEVEL=warn too: nobody can sign in as a Director until it is used.
    if (summary.setupUrl) {
      logger.warn(
        { setupUrl: summary.setupUrl },
        `no Director yet: create the first one at ${summary.setupUrl} (or npm run cli -- user:create ... --tier 4)`,
      );
    }
  }
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof EncryptionKeyMismatch) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  opened?.kill?.();
  process.exit(1);
});
