import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsDir } from '../lib/paths.js';
import { startEmbeddedCluster } from './embedded.js';
import * as schema from './schema/index.js';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle; services pass it to repositories so one unit of work stays in one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
  /** True when this process started the embedded cluster. */
  embedded: boolean;
  close(): Promise<void>;
  /** Stops an embedded cluster at once, without waiting (a second signal); nothing for an external database. */
  kill?(): void;
}

// Postgres returns numeric as text already; bigint counts (count(*)) are safe as JS numbers at our sizes.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/** The same server's URL pointing at another database. */
export function withDatabaseName(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * Reads go out as named prepared statements (the name is a hash of the SQL), so PostgreSQL parses and plans each
 * query shape once per connection instead of on every request: that planning was most of the cost of the hot
 * reads. Only reads (SELECT, and WITH queries such as the search) are named, whose shapes are few; inserts with a
 * varying number of rows would otherwise pile up statements on every connection.
 */
class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [config] = args;
    if (
      typeof config === 'object' &&
      config !== null &&
      'text' in config &&
      typeof config.text === 'string' &&
      !('name' in config && config.name) &&
      /^\s*(select|with)\b/i.test(config.text)
    ) {
      args[0] = { ...config, name: `q${createHash('sha1').update(config.text).digest('base64url')}` };
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

/**
 * `settings`: session settings every connection of the pool starts with, for a pool whose statements all want
 * them, so no statement has to open a transaction to set them. They are set by one statement as a connection opens,
 * before the pool hands it to anyone (pg-pool's `onConnect`: a failure ends the connection and reaches the query
 * that waited for it), not by the startup packet's `options`, which PgBouncer refuses (decision 041); a connection
 * lives on for many queries, so that is one round trip per connection.
 */
export function createPool(url: string, max = 10, settings: Readonly<Record<string, string>> = {}): pg.Pool {
  const entries = Object.entries(settings);
  const text = `select ${entries.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, false)`).join(', ')}`;
  const onConnect =
    entries.length === 0
      ? undefined
      : async (client: pg.ClientBase) => {
          await client.query(text, entries.flat());
        };
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    Client: PreparingClient,
    // pg-pool awaits the hook's promise; @types/pg still types its result as void.
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    onConnect,
  });
  // Without a listener an idle client's error (the database restarting) would crash the process.
  pool.on('error', () => {});
  return pool;
}

export function createDb(pool: pg.Pool): Db {
  return drizzle(pool, { schema });
}

const MIGRATION_LOCK_KEY = 7_441_001;

/** Applies the committed migrations; an advisory lock keeps several instances from migrating at once. */
export async function runMigrations(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(client), { migrationsFolder: migrationsDir });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}

/** How many migrations the code ships, to tell /readyz whether the database is up to date. */
export async function expectedMigrationCount(): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

export async function appliedMigrationCount(pool: pg.Pool): Promise<number> {
  const result = await pool.query<{ count: number }>(
    'select count(*)::int as count from drizzle.__drizzle_migrations',
  );
  return result.rows[0]?.count ?? 0;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  onLog?: (message: string) => void;
  /** The embedded PostgreSQL in a process group of its own (the server: see startEmbeddedCluster). */
  detached?: boolean;
}

/** Connects to DATABASE_URL, or starts the embedded cluster in DATA_DIR/postgres when it is unset. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = createPool(options.databaseUrl, options.poolSize);
    return {
      db: createDb(pool),
      pool,
      url: options.databaseUrl,
      embedded: false,
      close: () => pool.end(),
    };
  }
  const cluster = await startEmbeddedCluster({
    dataDir: options.dataDir,
    onLog: options.onLog,
    detached: options.detached,
  });
  const pool = createPool(cluster.url, options.poolSize);
  return {
    db: createDb(pool),
    pool,
    url: cluster.url,
    embedded: true,
    async close() {
      await pool.end();
      await cluster.stop();
    },
    kill: () => cluster.kill(),
  };
}
