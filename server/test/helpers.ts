import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject, vi } from 'vitest';
import { buildApp } from '../app.js';
import { parseEnv, type AppConfig } from '../config/env.js';
import { createDb, createPool, withDatabaseName, type Database } from '../db/client.js';
import { startJobs } from '../jobs.js';
import { type AppContext } from '../infra/context.js';
import { createAppContext } from '../modules.js';
import { JobQueue } from '../infra/queue.js';

/** A fresh, migrated database of this test file's own, cloned from the run's template. */
export async function createTestDatabase(): Promise<Database> {
  const adminUrl = inject('adminUrl');
  const name = `${inject('databasePrefix')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Two clones of one template at the same moment can collide; a short retry settles it.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database "${name}" template "${inject('templateDatabase')}"`);
        break;
      } catch (error) {
        if (attempt >= 20 || !String(error).includes('being accessed by other users')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const url = withDatabaseName(adminUrl, name);
  const pool = createPool(url, 5);
  return { db: createDb(pool), pool, url, embedded: false, close: () => pool.end() };
}

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  const env = parseEnv({
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    MFA_ENCRYPTION_KEY: 'test-mfa-key-test-mfa-key-test-mfa-key-0',
    LOG_LEVEL: 'silent',
    ...overrides,
  });
  return Object.freeze({
    ...env,
    sessionSecret: env.SESSION_SECRET!,
    mfaEncryptionKey: env.MFA_ENCRYPTION_KEY!,
  });
}

/**
 * The context a second instance of the app on the same database builds: its own module states and change feed
 * (its caches fill and empty apart from the first instance's), no queue workers.
 */
export function createInstanceContext(database: Database, config: AppConfig): AppContext {
  return createAppContext(database.db, config, { databaseUrl: database.url });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  ctx: AppContext;
  /** Waits until the app has seen every change committed so far (for tests that write to the database directly). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Runs the background workers too (as the server does); jobs sent without them wait in the queue. */
  jobs?: boolean;
  /** A built client to serve (a folder with an index.html); none by default. */
  clientRoot?: string;
}

export async function createTestApp(
  overrides: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(overrides);
  const queue = new JobQueue(database.url, {
    pollingIntervalSeconds: 0.5,
    notifiedPollingIntervalSeconds: 0.5,
    config,
  });
  const ctx = createAppContext(database.db, config, { databaseUrl: database.url, queue });
  const app = await buildApp({
    config,
    database,
    context: ctx,
    clientRoot: options.clientRoot ?? '/nonexistent-client-root',
  });
  await app.ready();
  if (options.jobs) await startJobs(ctx, app.log);
  return {
    app,
    database,
    config,
    ctx,
    settled: () => ctx.changes.settled(),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The `name=value` of a Set-Cookie header, to send back as a Cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'sid' || c.name === '__Host-sid');
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

let counter = 0;
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}.${counter}.${randomBytes(3).toString('hex')}@example.test`;
}

/** Registers a user through the API and returns the session cookie. */
export async function registerUser(
  app: FastifyInstance,
  body: { email?: string; password?: string } = {},
): Promise<{ cookie: string; email: string; password: string; id: string }> {
  const email = body.email ?? uniqueEmail();
  const password = body.password ?? 'correct horse battery staple';
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password },
  });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { cookie: sessionCookie(response), email, password, id: response.json<{ id: string }>().id };
}

/** Who sends a test request: a signed-in account (its session cookie), an API key, or nobody. */
export type Caller = { cookie: string } | { apiKey: string } | null | undefined;

/** How `asUser` sends its requests beyond who sends them. */
export interface AsUserOptions {
  /** The client IP the server sees (per-IP limits); light-my-request's default otherwise. */
  remoteAddress?: string;
  /** Sees every response, e.g. to record all that left the server. */
  onResponse?: (response: LightMyRequestResponse) => void;
}

/**
 * Requests as `caller` would send them: `asUser(t.app, account).post('/api/cases', body)` answers with the
 * injected response. `headers` go with every request (an API key's is `authorization: Bearer <key>`).
 */
export function asUser(
  app: FastifyInstance,
  caller?: Caller,
  headers: Record<string, string> = {},
  options: AsUserOptions = {},
) {
  const credentials: Record<string, string> = !caller
    ? {}
    : 'cookie' in caller
      ? { cookie: caller.cookie }
      : { authorization: `Bearer ${caller.apiKey}` };
  const request = async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
  ) => {
    const response = await app.inject({
      method,
      url,
      headers: { ...credentials, ...headers },
      ...(options.remoteAddress !== undefined ? { remoteAddress: options.remoteAddress } : {}),
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    options.onResponse?.(response);
    return response;
  };
  return {
    get: (url: string) => request('GET', url),
    post: (url: string, body?: unknown) => request('POST', url, body),
    put: (url: string, body?: unknown) => request('PUT', url, body),
    patch: (url: string, body?: unknown) => request('PATCH', url, body),
    delete: (url: string, body?: unknown) => request('DELETE', url, body),
    /** For a method chosen at run time (a table of routes). */
    request,
  };
}

/**
 * Counts, until restored, the statements any PostgreSQL client of this process sends whose text holds `marker` and,
 * with `about`, whose values mention it too (the app's own stores write now and then during a test).
 */
export function statementsSent(marker: string, about?: string) {
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  const text = (config: unknown) =>
    typeof config === 'string' ? config : ((config as { text?: string } | undefined)?.text ?? '');
  const mentions = (config: unknown, values: unknown) =>
    about === undefined ||
    JSON.stringify((config as { values?: unknown } | undefined)?.values ?? values ?? null).includes(about);
  return {
    count: () =>
      spy.mock.calls.filter(([config, values]) => text(config).includes(marker) && mentions(config, values))
        .length,
    restore: () => spy.mockRestore(),
  };
}
