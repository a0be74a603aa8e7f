import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { runMigrations, withDatabaseName } from '../db/client.js';
import { startEmbeddedCluster, type EmbeddedCluster } from '../db/embedded.js';
import { projectRoot } from '../lib/paths.js';
import { JobQueue } from '../infra/queue.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A connection string to the server's maintenance database, for creating per-file databases. */
    adminUrl: string;
    /** A migrated, empty database every test file clones. */
    templateDatabase: string;
    /** Prefix of every database this run creates, so teardown can drop them all. */
    databasePrefix: string;
  }
}

/**
 * One PostgreSQL for the whole run: DATABASE_URL's server when set, otherwise an embedded cluster in .tmp/.
 * The schema is migrated once into a template; each test file clones it, so every file starts from a clean,
 * migrated database without migrating again.
 */
export default async function setup(project: TestProject) {
  const prefix = `t_${randomBytes(4).toString('hex')}`;
  let cluster: EmbeddedCluster | undefined;
  let adminUrl: string;
  let dataDir: string | undefined;

  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    dataDir = path.join(projectRoot, '.tmp', `test-pg-${process.pid}`);
    await mkdir(path.dirname(dataDir), { recursive: true });
    cluster = await startEmbeddedCluster({ dataDir, database: 'postgres', persistent: false });
    adminUrl = cluster.url;
  }

  const templateDatabase = `${prefix}_template`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${templateDatabase}"`);
  await runMigrations(withDatabaseName(adminUrl, templateDatabase));
  // pg-boss's own schema too, so a test file's queue starts without creating it.
  const queue = new JobQueue(withDatabaseName(adminUrl, templateDatabase));
  await queue.start();
  await queue.stop();

  project.provide('adminUrl', adminUrl);
  project.provide('templateDatabase', templateDatabase);
  project.provide('databasePrefix', prefix);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${prefix}%`],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    await admin.end();
    if (cluster) await cluster.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}
