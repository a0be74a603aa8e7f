import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../app.js';
import { createAppContext } from '../../modules.js';
import { JobQueue } from '../../infra/queue.js';
import type { JobSpec } from '../../infra/job.js';
import {
  createTestApp,
  createTestDatabase,
  registerUser,
  testConfig,
  type TestApp,
} from '../../test/helpers.js';

/** One sample of a Prometheus text exposition: `name{label="value",...} number`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * A strict reader of the text format 0.0.4: every line is a comment (`# HELP name text`, `# TYPE name kind`) or a
 * sample whose family was typed before it; anything else fails the test. A value is what Prometheus's parser (Go's
 * `ParseFloat`) reads, so NaN in any case: prom-client writes `Nan`, as for the event loop's delay when no sample fell
 * between two scrapes.
 */
function parseExposition(text: string): { samples: Sample[]; types: Map<string, string> } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  const sampleLine = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?(?:[0-9.e+-]+|Inf|NaN|Nan|\+Inf))$/;
  const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    if (comment) {
      if (comment[1] === 'TYPE') {
        expect(['counter', 'gauge', 'histogram', 'summary', 'untyped']).toContain(comment[3]);
        types.set(comment[2]!, comment[3]!);
      }
      continue;
    }
    const match = sampleLine.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const name = match[1]!;
    const family = name.replace(/_(bucket|sum|count|created)$/, '');
    expect(types.has(name) || types.has(family), `${name} has a TYPE line`).toBe(true);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(labelPair)) labels[key!] = value!;
    samples.push({ name, labels, value: Number(match[3]!.replace('+Inf', 'Infinity')) });
  }
  return { samples, types };
}

function find(samples: Sample[], name: string, labels: Record<string, string> = {}): Sample[] {
  return samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('GET /metrics', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the text exposition with request durations by route pattern and the scrape-time gauges', async () => {
    await registerUser(t.app); // queues a verification mail in the outbox (no worker runs here)
    const probe: JobSpec = { name: 'metrics.probe', payload: z.object({ n: z.number() }) };
    await t.ctx.queue.send(probe, { n: 1 });
    expect((await t.app.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(200);
    const missing = randomUUID();
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${missing}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/cart' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-thing' })).statusCode).toBe(404);

    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const { samples, types } = parseExposition(response.body);

    expect(types.get('http_request_duration_seconds')).toBe('histogram');
    const count = (labels: Record<string, string>) =>
      find(samples, 'http_request_duration_seconds_count', labels)[0]?.value ?? 0;
    expect(count({ method: 'GET', route: '/api/products', status_code: '200' })).toBeGreaterThanOrEqual(1);
    expect(count({ method: 'GET', route: '/api/products/:id', status_code: '404' })).toBe(1);
    expect(count({ method: 'GET', route: '/api/cart', status_code: '401' })).toBe(1);
    expect(count({ method: 'POST', route: '/api/auth/register', status_code: '201' })).toBe(1);
    expect(count({ method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
    // Labels come from the route's pattern: no URL, no id, ever.
    for (const sample of find(samples, 'http_request_duration_seconds_bucket')) {
      expect(sample.labels.route).not.toContain(missing);
      expect(sample.labels.route).not.toContain('no-such-thing');
    }
    const buckets = find(samples, 'http_request_duration_seconds_bucket', {
      method: 'GET',
      route: '/api/products',
      status_code: '200',
    });
    expect(buckets.at(-1)).toMatchObject({ labels: { le: '+Inf' } });
    expect(buckets.at(-1)!.value).toBe(count({ method: 'GET', route: '/api/products', status_code: '200' }));

    expect(find(samples, 'db_pool_connections')[0]!.value).toBeGreaterThanOrEqual(1);
    expect(find(samples, 'db_pool_idle_connections')).toHaveLength(1);
    expect(find(samples, 'db_pool_waiting_clients')[0]!.value).toBe(0);

    expect(find(samples, 'job_queue_waiting_jobs', { queue: 'metrics.probe' })[0]!.value).toBe(1);
    expect(find(samples, 'job_queue_active_jobs', { queue: 'metrics.probe' })[0]!.value).toBe(0);
    expect(find(samples, 'job_queue_failed_jobs', { queue: 'metrics.probe' })[0]!.value).toBe(0);
    const oldest = find(samples, 'job_queue_oldest_waiting_seconds', { queue: 'metrics.probe' })[0]!.value;
    expect(oldest).toBeGreaterThanOrEqual(0);
    expect(oldest).toBeLessThan(60);
    expect(find(samples, 'job_queue_waiting_jobs', { queue: 'mail.send' })[0]!.value).toBeGreaterThanOrEqual(
      1,
    );

    expect(find(samples, 'mail_outbox_messages', { status: 'queued' })[0]!.value).toBeGreaterThanOrEqual(1);
    expect(find(samples, 'mail_outbox_messages', { status: 'failed' })[0]!.value).toBe(0);

    expect(find(samples, 'change_feed_live')[0]!.value).toBe(1);
    const lag = find(samples, 'change_feed_lag_seconds')[0]!.value;
    expect(lag).toBeGreaterThan(0);
    expect(lag).toBeLessThan(2);

    // prom-client's process defaults.
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(find(samples, name), name).toHaveLength(1);
    }
    // A second scrape at once finds the event loop's sampling window empty (it is sampled every 100 ms and each
    // scrape starts a new window) and still reads as Prometheus would read it.
    const again = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(find(parseExposition(again.body).samples, 'nodejs_eventloop_lag_p99_seconds')).toHaveLength(1);
  });

  it('answers only loopback callers when no METRICS_TOKEN is set, and is not taken for an API key', async () => {
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(remote.body).not.toContain('http_request');
    const mapped = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::ffff:127.0.0.1' });
    expect(mapped.statusCode).toBe(200);
    const v6 = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' });
    expect(v6.statusCode).toBe(200);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  const token = 'metrics-token-0123456789abcdef';

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: token });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the Bearer token only, from any address', async () => {
    const get = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
      t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });
    const none = await get({});
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHENTICATED' });
    expect((await get({ authorization: `Bearer ${token}x` })).statusCode).toBe(401);
    expect((await get({ authorization: token })).statusCode).toBe(401);
    expect((await get({ authorization: `Basic ${token}` })).statusCode).toBe(401);
    const remote = await get({ authorization: `Bearer ${token}` }, '203.0.113.9');
    expect(remote.statusCode).toBe(200);
    expect(remote.body).toContain('# TYPE http_request_duration_seconds histogram');
  });
});

describe('X-Request-Id and logs', () => {
  const lines: Record<string, unknown>[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    const config = testConfig({ RATE_LIMIT_GLOBAL_PER_MIN: '40' });
    const ctx = createAppContext(database.db, config, {
      databaseUrl: database.url,
      queue: new JobQueue(database.url, { config }),
    });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line));
        callback();
      },
    });
    app = await buildApp({ config, database, context: ctx, logger: pino({ level: 'debug' }, stream) });
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(async () => {
    await close?.();
  });

  it('puts a fresh UUID on every answer, refusals included, and never the same one twice', async () => {
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/healthz' }),
      app.inject({ method: 'GET', url: '/api/cart' }), // 401 from a guard
      app.inject({ method: 'GET', url: '/api/nothing-here' }), // 404 from the not-found handler
      app.inject({
        method: 'POST',
        url: '/api/secure-channel',
        payload: 'x=1',
        headers: { 'content-type': 'text/plain' },
      }), // 415
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: '{bad json',
        headers: { 'content-type': 'application/json' },
      }), // 400
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 404, 415, 400]);
    const ids = answers.map((answer) => answer.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps a valid incoming id and replaces an invalid one', async () => {
    const keep = ['abc', 'A.b-c_9', 'x'.repeat(128), 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6'];
    for (const id of keep) {
      const answer = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': id } });
      expect(answer.headers['x-request-id']).toBe(id);
    }
    for (const id of ['x'.repeat(129), 'has space', 'semi;colon', 'new\\nline', '<script>', 'é']) {
      const answer = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': id } });
      expect(answer.headers['x-request-id']).toMatch(UUID);
    }
  });

  it('writes the id into every log line of that request', async () => {
    const id = `trace-${randomUUID()}`;
    lines.length = 0;
    const answer = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.test', password: 'wrong password' },
      headers: { 'x-request-id': id },
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.headers['x-request-id']).toBe(id);
    const mine = lines.filter((line) => line.reqId === id);
    // Its one request line, with the route's pattern and the status; no line of this request without the id.
    expect(mine.filter((line) => line.msg === 'request')).toEqual([
      expect.objectContaining({ method: 'POST', route: '/api/auth/login', status: 401 }),
    ]);
    const withRequestData = lines.filter(
      (line) => line.req !== undefined || line.res !== undefined || line.msg === 'request',
    );
    expect(withRequestData.every((line) => line.reqId === id)).toBe(true);
  });

  it('answers the global rate limit with the id too', async () => {
    let limited = null;
    for (let i = 0; i < 60 && !limited; i++) {
      const answer = await app.inject({
        method: 'GET',
        url: '/api/products',
        headers: { 'x-request-id': `rl-${i}` },
      });
      if (answer.statusCode === 429) limited = { answer, i };
    }
    expect(limited).not.toBeNull();
    expect(limited!.answer.headers['x-request-id']).toBe(`rl-${limited!.i}`);
  });

  it('answers /readyz 503 once shutdown has begun', async () => {
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    app.draining = true;
    const draining = await app.inject({ method: 'GET', url: '/readyz' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ status: 'unavailable', detail: 'shutting down' });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    app.draining = false;
  });
});
