import { spawn } from 'node:child_process';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { describeDatabase, describeMail, formatBanner, localUrl } from './banner.js';
import {
  BatchedDestination,
  createLogger,
  fastifyLogging,
  requestLineWriterOf,
  resolveLogFormat,
} from './logging.js';
import { installTracing, tracing } from './tracing.js';

/** Logs and the banner (issue 23 point 2): readable on a terminal, JSON otherwise, never a password. */
function sink(isTTY: boolean) {
  const lines: string[] = [];
  return { lines, destination: { isTTY, write: (text: string) => lines.push(text) } };
}

async function oneRequest(format: 'pretty' | 'json') {
  const out = sink(format === 'pretty');
  const { logger } = createLogger({
    level: 'info',
    format,
    nodeEnv: 'development',
    destination: out.destination,
  });
  // As buildApp makes it, with a signed-in user on the things.
  const app = Fastify(
    fastifyLogging(logger, (request) => (request.url.startsWith('/api/things') ? 'user-1' : undefined)),
  );
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ ok: true }));
  app.get('/api/things/:id', async () => ({ ok: true }));
  app.get('/assets/*', async () => 'console.log(1)');
  app.get('/boom', async () => {
    throw new Error('the disk is on fire');
  });
  await app.inject({ url: '/api/things/7?token=secret' });
  await app.inject({ url: '/healthz' });
  await app.inject({ url: '/boom' });
  await app.inject({ url: '/assets/index-abc123.js' });
  await app.inject({ url: '/nowhere?q=1' });
  await app.close();
  return out.lines.join('');
}

describe('the log format', () => {
  it('is pretty on a terminal outside production, JSON otherwise, unless LOG_FORMAT says', () => {
    expect(
      resolveLogFormat({ format: 'auto', nodeEnv: 'development', destination: sink(true).destination }),
    ).toBe('pretty');
    expect(
      resolveLogFormat({ format: 'auto', nodeEnv: 'production', destination: sink(true).destination }),
    ).toBe('json');
    expect(
      resolveLogFormat({ format: 'auto', nodeEnv: 'development', destination: sink(false).destination }),
    ).toBe('json');
    expect(
      resolveLogFormat({ format: 'pretty', nodeEnv: 'production', destination: sink(false).destination }),
    ).toBe('pretty');
  });

  it('prints one readable line per request with method, path, status and time, and errors with their stack', async () => {
    const text = await oneRequest('pretty');
    // Colours are on for a terminal; the checks read the text without them.
    // eslint-disable-next-line no-control-regex
    const plain = text.replace(/\x1b\[[0-9;]*m/g, '');
    const requestLines = plain.split('\n').filter((line) => line.includes('/api/things/7'));
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/things\/7 200 \d+(\.\d)? ms$/);
    expect(plain).not.toContain('secret');
    expect(plain).not.toContain('/healthz');
    expect(plain).toMatch(/ERROR: GET \/boom 500/);
    expect(plain).toContain('the disk is on fire');
    expect(plain).toMatch(/at .*logging\.test\.ts/);
    expect(plain).not.toContain('"level"');
    // The built client's files are left out of the readable form.
    expect(plain).not.toContain('/assets/');
  });

  it('writes one JSON line per answered request with what an operator needs, and none for the probes', async () => {
    const text = await oneRequest('json');
    const records = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = records.filter((record) => record.msg === 'request');
    expect(requests.map(({ method, route, path, status }) => [method, route, path, status])).toEqual([
      ['GET', '/api/things/:id', '/api/things/7', 200],
      ['GET', '/boom', '/boom', 500],
      ['GET', '/assets/*', '/assets/index-abc123.js', 200],
      ['GET', 'unmatched', '/nowhere', 404],
    ]);
    for (const line of requests) {
      expect(line).toMatchObject({ reqId: expect.any(String), ms: expect.any(Number) });
      // No headers, no query string: nothing that could carry a secret.
      expect(Object.keys(line).sort()).toEqual(
        [
          'hostname',
          'level',
          'method',
          'ms',
          'msg',
          'path',
          'pid',
          'reqId',
          'route',
          'status',
          'time',
          ...(String(line.path).startsWith('/api/things') ? ['userId'] : []),
        ].sort(),
      );
    }
    expect(
      records.some((record) => record.msg === 'incoming request' || record.msg === 'request completed'),
    ).toBe(false);
    expect(records.every((record) => record.msg === 'Server listening' || record.reqId)).toBe(true);
  });

  it('writes through an asynchronous destination and loses no line when the process exits or crashes', async () => {
    // A process that writes 20,000 request lines to a pipe as fast as it can, then ends: on its own, or by an
    // uncaught error that the shutdown handler turns into an orderly stop.
    const run = (ending: 'exit' | 'crash' | 'killed') =>
      new Promise<{ lines: string[]; code: number | null }>((resolve, reject) => {
        const script = `
          import { createLogger } from './server/infra/logging.ts';
          import { handleShutdown } from './server/infra/shutdown.ts';
          const { logger } = createLogger({ level: 'info', format: 'json', nodeEnv: 'production' });
          handleShutdown({ logger, timeoutMs: 1000, close: async () => {}, abort: () => {} });
          const lines = ${ending === 'killed' ? 0 : 20_000};
          for (let i = 0; i < lines; i++)
            logger.info({ reqId: String(i), method: 'GET', route: '/x', path: '/x', status: 200, ms: 1 }, 'request');
          ${
            {
              // The server's orderly stop, as on a SIGTERM.
              exit: "process.kill(process.pid, 'SIGTERM');",
              crash: "setTimeout(() => { throw new Error('crash') }, 0);",
              // SIGKILL skips the flush at exit: the lines are there only if the batch was written within its time.
              killed:
                "logger.info('the last line'); setTimeout(() => process.kill(process.pid, 'SIGKILL'), 1000);",
            }[ending]
          }
        `;
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let out = '';
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
        child.on('error', reject);
        child.on('close', (code) => resolve({ lines: out.trim().split('\n'), code }));
      });
    const exited = await run('exit');
    expect(exited.code).toBe(0);
    expect(exited.lines.filter((line) => line.includes('"msg":"request"'))).toHaveLength(20_000);
    const crashed = await run('crash');
    expect(crashed.code).toBe(1);
    expect(crashed.lines.filter((line) => line.includes('"msg":"request"'))).toHaveLength(20_000);
    expect(crashed.lines.some((line) => line.includes('unexpected error: stopping'))).toBe(true);
    // A quiet server's line goes out within the batch's time, not only when the batch fills.
    const killed = await run('killed');
    expect(killed.lines).toEqual([expect.stringContaining('the last line')]);
  }, 30_000);

  it('holds a timer only while it holds lines, so an idle process is not woken to write nothing', () => {
    vi.useFakeTimers();
    try {
      const written: string[] = [];
      const stream = { write: (text: string) => written.push(text), flush: () => {}, flushSync: () => {} };
      const batched = new BatchedDestination(
        stream as unknown as ConstructorParameters<typeof BatchedDestination>[0],
      );
      vi.advanceTimersByTime(10_000);
      expect(vi.getTimerCount()).toBe(0);
      batched.write('one\n');
      batched.write('two\n');
      expect(written).toEqual([]);
      expect(vi.getTimerCount()).toBe(1);
      vi.advanceTimersByTime(250);
      expect(written).toEqual(['one\ntwo\n']);
      expect(vi.getTimerCount()).toBe(0);
      // A batch that fills is handed over at once, and its timer goes with it.
      batched.write('x'.repeat(100));
      batched.write('y'.repeat(20_000));
      expect(written).toHaveLength(2);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes a warning at once, with the lines held before it, without waiting for the batch', async () => {
    // The process then blocks its event loop, so no timer can write the batch: the warning (the start-up's setup
    // link is one) is out only if writing it handed over at once.
    const script = `
      import { createLogger } from './server/infra/logging.ts';
      const { logger } = createLogger({ level: 'info', format: 'json', nodeEnv: 'production' });
      logger.info('held');
      logger.warn('warned');
      for (;;) {}
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    const seen = new Promise<void>((resolve) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
        if (out.includes('"msg":"warned"')) resolve();
      });
      // A guard, not a measurement: without the hand-over nothing ever comes.
      setTimeout(resolve, 10_000);
    });
    await seen;
    child.kill('SIGKILL');
    const messages = out
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toEqual(['held', 'warned']);
  }, 30_000);
});

describe('the request line', () => {
  it('is written byte for byte as pino writes it, with or without a user, a trace and characters to escape', () => {
    vi.useFakeTimers({ now: new Date('2026-11-30T01:02:03.456Z'), toFake: ['Date'] });
    const installed = tracing();
    try {
      for (const traceId of [undefined, '4bf92f3577b34da6a3ce929d0e0e4736']) {
        installTracing({ ...installed, enabled: traceId !== undefined, traceId: () => traceId });
        const out = sink(false);
        const { logger } = createLogger({
          level: 'info',
          format: 'json',
          nodeEnv: 'production',
          destination: out.destination,
        });
        const write = requestLineWriterOf(logger)!;
        const lines = [
          {
            reqId: 'b10afbfc-635f',
            method: 'GET',
            route: '/api/products',
            path: '/api/products',
            status: 200,
            ms: 0.4,
          },
          {
            reqId: 'from-a-proxy',
            method: 'DELETE',
            route: 'unmatched',
            path: '/a "quoted" \\ path/\u00e9\t',
            status: 404,
            ms: 1234,
            userId: '975a6b0c-0b80-49dd-bfa8-2faa88cec2b2',
          },
        ];
        for (const line of lines) {
          write(line);
          logger.info(line, 'request');
          // The writer keeps the time's digits for a millisecond: the next line's time is its own.
          vi.setSystemTime(Date.now() + 7);
        }
        expect(out.lines).toHaveLength(4);
        expect(out.lines[0]).toBe(out.lines[1]);
        expect(out.lines[2]).toBe(out.lines[3]);
        expect(JSON.parse(out.lines[2]!)).toMatchObject({ ...lines[1], ...(traceId ? { traceId } : {}) });
      }
    } finally {
      installTracing(installed);
      vi.useRealTimers();
    }
  });

  it('goes through pino for a logger made elsewhere', async () => {
    const out = sink(false);
    const app = Fastify(fastifyLogging(pino({}, out.destination)));
    app.get('/x', async () => ({ ok: true }));
    await app.inject({ url: '/x' });
    await app.close();
    expect(out.lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({ msg: 'request', route: '/x', status: 200 }),
    );
  });
});

describe("a request's logger", () => {
  it('makes its pino child only when the request writes at a level that is on, with the route level first', async () => {
    const out = sink(false);
    const { logger } = createLogger({
      level: 'warn',
      format: 'json',
      nodeEnv: 'production',
      destination: out.destination,
    });
    const app = Fastify(fastifyLogging(logger));
    // The app's logger, whose children Fastify asks for per request.
    const child = vi.spyOn(app.log, 'child');
    app.get('/quiet', async (request) => {
      request.log.info('below the level');
      request.log.debug({ detail: 1 }, 'further below');
      return { level: request.log.level };
    });
    app.get('/loud', async (request) => {
      request.log.warn({ code: 7 }, 'disk at %d%%', 91);
      request.log.child({ step: 'nested' }).error('from a child of the request');
      return { level: request.log.level };
    });
    app.get('/verbose', { logLevel: 'debug' }, async (request) => {
      request.log.debug('a route that logs more than the app');
      return { level: request.log.level };
    });
    app.get('/strict', { logLevel: 'error' }, async (request) => {
      request.log.warn('a route that logs less than the app');
      return { level: request.log.level };
    });

    const quiet = await app.inject({ url: '/quiet' });
    expect(quiet.json()).toEqual({ level: 'warn' });
    expect(child).not.toHaveBeenCalled();
    expect((await app.inject({ url: '/strict' })).json()).toEqual({ level: 'error' });
    expect(child).not.toHaveBeenCalled();
    expect(out.lines).toEqual([]);

    await app.inject({ url: '/loud' });
    const verbose = await app.inject({ url: '/verbose' });
    // pino's children share their parent's methods: the request's nested child shows here too.
    expect(child.mock.calls.map(([bindings]) => Object.keys(bindings))).toEqual([
      ['reqId'],
      ['step'],
      ['reqId'],
    ]);
    await app.close();
    const records = out.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    // The debug route writes its debug line; the strict and quiet ones wrote nothing.
    expect(records.map(({ level, msg }) => [level, msg])).toEqual([
      [40, 'disk at 91%'],
      [50, 'from a child of the request'],
      [20, 'a route that logs more than the app'],
    ]);
    expect(records[0]).toMatchObject({ code: 7, reqId: expect.any(String) });
    expect(records[1]).toMatchObject({ step: 'nested', reqId: records[0]!.reqId });
    expect(records[2]!.reqId).not.toBe(records[0]!.reqId);
    expect(verbose.json()).toEqual({ level: 'debug' });
  });
});

describe('the start-up banner', () => {
  it('names the embedded folder, or the external server without its credentials, and the mail server likewise', () => {
    expect(describeDatabase({ DATABASE_URL: undefined, DATA_DIR: '/srv/intel' })).toBe(
      'embedded PostgreSQL in /srv/intel/postgres',
    );
    const external = describeDatabase({
      DATABASE_URL: 'postgres://app:s3cret-pass@db.internal:6543/intel?sslmode=require',
      DATA_DIR: './data',
    });
    expect(external).toBe('PostgreSQL at db.internal:6543/intel');
    expect(describeMail({ SMTP_URL: undefined })).toContain('outbox');
    const smtp = describeMail({ SMTP_URL: 'smtps://mailer:hunter22@smtp.example.com' });
    expect(smtp).toBe('SMTP smtp.example.com:465 (TLS)');
    expect(`${external} ${smtp}`).not.toMatch(/s3cret|hunter22|mailer|app:/);
    expect(localUrl('0.0.0.0', 5000)).toBe('http://localhost:5000');
  });

  it('says what to do next: the setup link while no Director exists, else sign in', () => {
    const summary = {
      url: 'http://127.0.0.1:5000',
      database: 'embedded PostgreSQL in /srv/intel/postgres',
      mail: 'kept in the outbox',
      readyInMs: 1234,
    };
    const first = formatBanner({ ...summary, setupUrl: 'http://127.0.0.1:5000/setup?token=abc' }, false);
    expect(first).toContain('ready in 1.2 s  http://127.0.0.1:5000');
    expect(first).toContain('http://127.0.0.1:5000/setup?token=abc');
    expect(first).toContain('user:create');
    const later = formatBanner({ ...summary, setupUrl: null }, false);
    expect(later).not.toContain('setup?token');
    expect(later).toContain('sign in');
  });
});
