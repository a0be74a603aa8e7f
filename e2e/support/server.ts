import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { withDatabaseName } from '../../server/db/client.js';
import { freePort } from '../../server/db/embedded.js';
import { projectRoot } from '../../server/lib/paths.js';

export interface RunningServer {
  url: string;
  /** Runs an operator command (`user:set-tier E 4`) against this server's database; resolves to its output. */
  cli(...args: string[]): Promise<string>;
  stop(): Promise<void>;
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
export async function startServer(): Promise<RunningServer> {
  const port = await freePort();
  const id = randomBytes(4).toString('hex');
  const dataDir = path.join(projectRoot, '.tmp', `e2e-${id}`);
  await mkdir(dataDir, { recursive: true });

  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (process.env.DATABASE_URL) {
    const name = `e2e_${id}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    databaseUrl = withDatabaseName(process.env.DATABASE_URL, name);
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    };
  }

  let log = '';
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    MFA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    COOKIE_SECURE: '0',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));

  const url = `http://127.0.0.1:${port}`;
  await waitForReady(url, child, () => log);
  return {
    url,
    cli(...args) {
      // The CLI finds the running server's embedded cluster through DATA_DIR (design section 6).
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
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
