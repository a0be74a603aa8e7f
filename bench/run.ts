import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../server/db/embedded.js';
import { projectRoot } from '../server/lib/paths.js';

/**
 * `npm run bench`: throughput of app routes as a fraction of a bare Fastify route started by the same harness,
 * measured in one run (the machines are shared and noisy, so only ratios are comparable). Each server runs in its
 * own process; the load generator runs here.
 */
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 32;

interface Server {
  url: string;
  process: ChildProcess;
}

async function start(script: string, env: Record<string, string>, readyPath: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: projectRoot,
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url + readyPath)).ok) return { url, process: child };
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${script} did not start`);
}

async function load(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ rps: number; p99: number }> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function main() {
  const dataDir = path.join(projectRoot, '.tmp', 'bench');
  await mkdir(dataDir, { recursive: true });
  const hello = await start('bench/hello-server.ts', {}, '/hello');
  const app = await start(
    'server/main.ts',
    { DATA_DIR: dataDir, RATE_LIMIT_GLOBAL_PER_MIN: '100000000', RATE_LIMIT_REGISTER_MAX: '1000' },
    '/readyz',
  );
  try {
    const register = await fetch(`${app.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `bench.${Date.now()}@example.test`, password: 'benchmark password' }),
    });
    const cookie = register.headers.get('set-cookie')?.split(';')[0];
    if (register.status !== 201 || !cookie) throw new Error(`register failed: ${register.status}`);

    const baseline = await load(`${hello.url}/hello`);
    const rows: [string, { rps: number; p99: number }][] = [
      ['bare Fastify GET /hello', baseline],
      ['GET /healthz', await load(`${app.url}/healthz`)],
      ['GET /api/auth/user (signed in)', await load(`${app.url}/api/auth/user`, { cookie })],
    ];
    console.log(`\n${CONNECTIONS} connections, ${DURATION} s each\n`);
    console.log('route'.padEnd(36), 'req/s'.padStart(10), 'p99 ms'.padStart(8), 'ratio'.padStart(7));
    for (const [name, r] of rows) {
      console.log(
        name.padEnd(36),
        r.rps.toFixed(0).padStart(10),
        String(r.p99).padStart(8),
        (r.rps / baseline.rps).toFixed(2).padStart(7),
      );
    }
  } finally {
    hello.process.kill('SIGTERM');
    app.process.kill('SIGTERM');
    await new Promise((resolve) => app.process.once('exit', resolve));
    if (process.env.BENCH_KEEP_DATA !== '1') await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
