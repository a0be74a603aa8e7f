import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { onTestFailed, TestRunner } from 'vitest';
import { withDatabaseName } from '../../server/db/client.js';
import { freePort } from '../../server/db/embedded.js';
import { projectRoot } from '../../server/lib/paths.js';

export interface RunningServer {
  url: string;
  /** What the server printed so far (warnings and errors: it runs at LOG_LEVEL=warn unless told otherwise). */
  output(): string;
  /** Runs an operator command (`user:set-tier E 4`) against this server's database; resolves to its output. */
  cli(...args: string[]): Promise<string>;
  /** SIGKILL, as a crash would: no shutdown runs and the storage stays for a restart. */
  kill(): Promise<void>;
  /** SIGTERM (a graceful shutdown), then removes the storage unless it was given to `startServer`. */
  stop(): Promise<void>;
}

/** Where a server keeps its data and the secrets it needs to read it back: what a restart must reuse. */
export interface ServerStorage {
  /** DATA_DIR: the embedded cluster lives here when there is no database URL. */
  dataDir: string;
  databaseUrl?: string;
  secrets: { SESSION_SECRET: string; MFA_ENCRYPTION_KEY: string };
  dispose(): Promise<void>;
}

/**
 * Fresh storage: a new database on `adminUrl`'s server (DATABASE_URL's by default) when there is one, otherwise an
 * empty DATA_DIR in which the server starts its embedded PostgreSQL.
 */
export async function createStorage(
  adminUrl: string | null = process.env.DATABASE_URL ?? null,
): Promise<ServerStorage> {
  const id = randomBytes(4).toString('hex');
  const dataDir = path.join(projectRoot, '.tmp', `e2e-${id}`);
  await mkdir(dataDir, { recursive: true });
  const secrets = {
    SESSION_SECRET: randomBytes(32).toString('hex'),
    MFA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  if (!adminUrl) return { dataDir, secrets, dispose: removeDir };

  const name = `e2e_${id}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  return {
    dataDir,
    databaseUrl: withDatabaseName(adminUrl, name),
    secrets,
    async dispose() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
      await removeDir();
    },
  };
}

export interface StartOptions {
  /** Reuse this storage (a restart); the caller disposes it. Fresh storage, removed by `stop()`, otherwise. */
  storage?: ServerStorage;
  /** Extra environment variables. */
  env?: Record<string, string>;
  /** Options for node before the script (`--import` a probe). */
  nodeArgs?: string[];
}

async function waitForReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server not ready after 90 s:\n${output()}`);
}

/**
 * Starts the built server (`node dist/server/main.js`) as its own process on a free port: on a fresh database
 * of DATABASE_URL's server when that is set, otherwise on its own embedded PostgreSQL in a temporary DATA_DIR.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const storage = options.storage ?? (await createStorage());
  // The port is free when picked and taken when the server listens on it; another process (the server's own
  // PostgreSQL, another test file's server) can take it in between. Then the server stops before it answers anything
  // (its PostgreSQL with it), and it starts again on a new pick, on the same storage.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(await freePort(), storage, options);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt === 3) throw error;
    }
  }
}

class PortTakenError extends Error {}

async function startOn(port: number, storage: ServerStorage, options: StartOptions): Promise<RunningServer> {
  let log = '';
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    ...storage.secrets,
    COOKIE_SECURE: '0',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: storage.dataDir,
    LOG_LEVEL: 'warn',
    ...(storage.databaseUrl ? { DATABASE_URL: storage.databaseUrl } : {}),
    ...options.env,
  };
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), 'dist/server/main.js'], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));

  const exit = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForReady(url, child, () => log);
  } catch (error) {
    if (child.exitCode !== null && log.includes(`EADDRINUSE: address already in use 127.0.0.1:${port}`))
      throw new PortTakenError(`port ${port} was taken before the server listened`, { cause: error });
    throw error;
  }
  // A server started by a test itself shows what it said when that test fails, as the harness's does (CI keeps
  // nothing else of it). The harness's starts before its tests, where there is no test to hook.
  if (TestRunner.getCurrentTest()) {
    onTestFailed(() => console.error(`server output (${url}):\n${log.slice(-4000)}`));
  }
  return {
    url,
    output: () => log,
    cli(...args) {
      // The CLI finds the running server's embedded cluster through DATA_DIR/postgres.runtime.json.
      return new Promise((resolve, reject) => {
        const cli = spawn(process.execPath, ['dist/server/cli.js', ...args], { cwd: projectRoot, env });
        let output = '';
        cli.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        cli.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        cli.on('error', reject);
        cli.on('exit', (code) =>
          code === 0
            ? resolve(output)
            : reject(new Error(`cli ${args.join(' ')} exited ${code}:\n${output}`)),
        );
      });
    },
    kill: () => exit('SIGKILL'),
    async stop() {
      await exit('SIGTERM');
      if (!options.storage) await storage.dispose();
    },
  };
}
