import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { buildApp } from './app.js';
import { EnvError, parseEnv } from './config/env.js';
import { loadConfig } from './config/secrets.js';
import { openDatabase, runMigrations } from './db/client.js';
import { takeOverSignals } from './db/embedded.js';
import { seedIfEmpty } from './db/seed/seed.js';
import { startJobs } from './jobs.js';
import { createAppContext } from './modules.js';
import { EventBus } from './infra/events.js';
import { JobQueue } from './infra/queue.js';

async function main() {
  const env = parseEnv();
  takeOverSignals();
  const logger = pino({
    level: env.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  });
  const started = performance.now();
  const config = await loadConfig(env);

  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    onLog: (message) => logger.debug({ component: 'postgres' }, message),
  });
  logger.info(
    { embedded: database.embedded },
    database.embedded ? 'embedded PostgreSQL started' : 'database connected',
  );
  await runMigrations(database.url);
  const ctx = createAppContext(database.db, config, {
    events: new EventBus(logger),
    databaseUrl: database.url,
    queue: new JobQueue(database.url, { logger }),
  });
  const seeded = await seedIfEmpty(ctx);
  if (seeded) logger.info(seeded, 'seeded an empty database');

  const app = await buildApp({ config, database, logger, context: ctx });
  await startJobs(ctx, logger);

  closeWithGrace({ delay: 10_000, logger }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'closing after an error');
    else logger.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
  });

  await app.listen({ port: env.PORT, host: env.HOST });
  logger.info(
    { readyInMs: Math.round(performance.now() - started) },
    `ready on http://${env.HOST}:${env.PORT}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
