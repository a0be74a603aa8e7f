import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { parseEnv, type AppConfig } from '../config/env.js';
import { projectRoot } from '../lib/paths.js';
import { currentTotp } from '../lib/totp.js';
import { createAppContext } from '../modules.js';
import { EncryptionKeyMismatch, checkEncryptionKey } from '../modules/mfa/mfa.service.js';
import { openDatabase, runMigrations, type Database } from './client.js';
import { previousStepTotp } from '../test/totp.js';

/**
 * The restore drill (issue 21 point 5) on the embedded default: data written through the app, `db:backup` by the
 * real CLI, the database wiped, `db:restore`, and every row of every table is back and a 2FA account signs in with
 * its authenticator's code. Restoring with another MFA_ENCRYPTION_KEY fails loudly, as the server's start would.
 */
const KEY = 'drill-mfa-key-drill-mfa-key-drill-mfa-0000';
const SESSION_SECRET = 'drill-session-secret-drill-session-0000';
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

function configFor(dataDir: string, key = KEY): AppConfig {
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET,
    MFA_ENCRYPTION_KEY: key,
    LOG_LEVEL: 'silent',
  });
  return Object.freeze({ ...env, sessionSecret: SESSION_SECRET, mfaEncryptionKey: key });
}

/** The operator CLI as an operator runs it, on the embedded database (DATABASE_URL unset). */
function cli(dataDir: string, args: string[], key = KEY) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    MFA_ENCRYPTION_KEY: key,
    SESSION_SECRET,
    NODE_ENV: 'test',
  };
  delete env.DATABASE_URL;
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', 'server/cli.ts', ...args],
      { cwd: projectRoot, env, timeout: 180_000 },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

async function start(dataDir: string): Promise<{ app: FastifyInstance; database: Database }> {
  const config = configFor(dataDir);
  const database = await openDatabase({ dataDir });
  await runMigrations(database.url);
  const context = createAppContext(database.db, config, { databaseUrl: database.url });
  const app = await buildApp({ config, database, context, clientRoot: '/nonexistent-client-root' });
  await app.ready();
  return { app, database };
}

async function stop({ app, database }: { app: FastifyInstance; database: Database }) {
  await app.close();
  await database.close();
}

/** Every table of the app's schemas with its row count and a digest of all its rows. */
async function snapshot(database: Database) {
  const { rows: tables } = await database.pool.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
     where schemaname in ('public', 'drizzle') order by 1`,
  );
  const result: Record<string, { rows: number; digest: string }> = {};
  for (const { name } of tables) {
    const { rows } = await database.pool.query<{ rows: number; digest: string }>(
      `select count(*)::int as rows, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest
       from ${name} t`,
    );
    result[name] = rows[0]!;
  }
  return result;
}

const post = (app: FastifyInstance, url: string, payload: unknown, cookie?: string) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });

const cookieOf = (response: { cookies: { name: string; value: string }[] }) => {
  const found = response.cookies.find((c) => c.name === 'sid' || c.name === '__Host-sid')!;
  return `${found.name}=${found.value}`;
};

describe('backup and restore of the embedded database', () => {
  it('brings every row back and a 2FA account signs in; refuses a running server and the wrong key', async () => {
    await mkdir(path.join(projectRoot, '.tmp'), { recursive: true });
    const dataDir = await mkdtemp(path.join(projectRoot, '.tmp', 'backup-'));
    dirs.push(dataDir);
    const file = path.join(dataDir, '..', `${path.basename(dataDir)}.tar.gz`);
    dirs.push(file);

    // Data written through the app: an account with 2FA on, another without, their sessions and audit trail.
    let running = await start(dataDir);
    const email = 'drill.mfa@example.test';
    const password = 'correct horse battery staple';
    const registered = await post(running.app, '/api/auth/register', { email, password });
    expect(registered.statusCode).toBe(201);
    const cookie = cookieOf(registered);
    await post(running.app, '/api/auth/register', { email: 'drill.plain@example.test', password });
    const setup = await running.app.inject({ url: '/api/auth/mfa/setup', headers: { cookie } });
    const { secret } = setup.json<{ secret: string }>();
    // The previous step's code: the sign-in after the restore uses the current one, which is not a replay.
    const enabled = await post(
      running.app,
      '/api/auth/mfa/enable',
      { code: await previousStepTotp(secret) },
      cookie,
    );
    expect(enabled.statusCode).toBe(200);

    // The server runs on DATA_DIR: the CLI refuses rather than copy files that are being written.
    const refused = await cli(dataDir, ['db:backup', file]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('a server is running');
    const before = await snapshot(running.database);
    expect(before['public.users']!.rows).toBeGreaterThanOrEqual(2);
    await stop(running);

    const backup = await cli(dataDir, ['db:backup', file]);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain('Keep MFA_ENCRYPTION_KEY');
    expect(existsSync(file)).toBe(true);

    // The wipe: the cluster and its credentials are gone.
    await rm(path.join(dataDir, 'postgres'), { recursive: true, force: true });
    await rm(path.join(dataDir, 'postgres.credentials.json'), { force: true });

    const restored = await cli(dataDir, ['db:restore', file]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('MFA_ENCRYPTION_KEY opens its 2FA secrets');

    running = await start(dataDir);
    try {
      expect(await snapshot(running.database)).toEqual(before);
      const login = await post(running.app, '/api/auth/login', { email, password });
      expect(login.json()).toEqual({ mfaRequired: true, methods: ['totp', 'backup_code'] });
      const signedIn = await post(
        running.app,
        '/api/auth/login/mfa',
        { code: await currentTotp(secret) },
        cookieOf(login),
      );
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json()).toMatchObject({ email, mfaEnabled: true });

      // The start-up check: another key does not open the secrets, and says so.
      const wrong = createAppContext(
        running.database.db,
        configFor(dataDir, 'another-key-another-key-another-key-00'),
      );
      await expect(checkEncryptionKey(wrong)).rejects.toBeInstanceOf(EncryptionKeyMismatch);
      expect(await checkEncryptionKey(createAppContext(running.database.db, configFor(dataDir)))).toBe(1);
    } finally {
      await stop(running);
    }

    // Restoring with the wrong key fails loudly; the database it replaced is kept, not deleted.
    const wrongKey = await cli(dataDir, ['db:restore', file], 'another-key-another-key-another-key-00');
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toContain('MFA_ENCRYPTION_KEY does not open the 2FA secrets');
    expect((await readdir(dataDir)).some((name) => name.startsWith('postgres.before-restore-'))).toBe(true);

    // And the server, started on that database with that key, refuses to start and says why.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      NODE_ENV: 'test',
      SESSION_SECRET,
      MFA_ENCRYPTION_KEY: 'another-key-another-key-another-key-00',
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    const server = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', 'server/main.ts'],
        { cwd: projectRoot, env, timeout: 180_000 },
        (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
      );
    });
    expect(server.code).toBe(1);
    expect(server.stderr).toContain('MFA_ENCRYPTION_KEY does not open the 2FA secrets');
    expect(server.stderr).toContain('1 account(s) with 2FA on');
  }, 600_000);
});
