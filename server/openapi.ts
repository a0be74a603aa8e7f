/**
 * Writes the OpenAPI document the app serves at /api/docs/json, built by `buildApp` without listening or opening a
 * database (nothing is queried to describe the routes): `tsx server/openapi.ts [FILE]` (default
 * `.tmp/openapi.json`). `npm run lint:api` lints it with Redocly (redocly.yaml).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from './app.js';
import { parseEnv } from './config/env.js';
import { createDb } from './db/client.js';

const target = path.resolve(process.argv[2] ?? '.tmp/openapi.json');
const env = parseEnv({
  ...process.env,
  NODE_ENV: 'development',
  LOG_LEVEL: 'silent',
  DATABASE_URL: undefined,
});
const config = Object.freeze({
  ...env,
  sessionSecret: 'openapi-document-only-openapi-document-only',
  mfaEncryptionKey: 'openapi-document-only-openapi-document-only',
});
// A pool that never connects: building the app reads no rows.
const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none', max: 1 });
const database = { db: createDb(pool), pool, url: '', embedded: false, close: () => pool.end() };

const app = await buildApp({ config, database, clientRoot: '/nonexistent-client-root' });
await app.ready();
const document = app.swagger();
await mkdir(path.dirname(target), { recursive: true });
await writeFile(target, `${JSON.stringify(document, null, 2)}\n`);
await app.close();
await database.close();
const operations = Object.values(document.paths ?? {}).flatMap((item) => Object.keys(item ?? {}));
process.stdout.write(`${path.relative(process.cwd(), target)}: ${operations.length} operations\n`);
