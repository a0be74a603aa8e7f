import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../server/lib/paths.js';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../server/test/smtp.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * OpenTelemetry (issue 41 point 4, design 12.8): with OTEL_EXPORTER_OTLP_ENDPOINT set, a checkout makes one trace
 * from its HTTP request through its SQL, the mail job it queued (the context travels in the job) and the SMTP
 * delivery to a real SMTP server, exported over OTLP/HTTP to a receiver here (JSON, then protobuf); the request's
 * log line carries the trace id. Unset, the process resolves no OpenTelemetry SDK, exporter or instrumentation
 * module (only the no-op API that prom-client and pg-boss import themselves).
 */

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}

/** An OTLP/HTTP receiver: what arrives at /v1/traces, by content type. */
async function startReceiver() {
  const json: unknown[] = [];
  const protobuf: Buffer[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      if (request.url === '/v1/traces' && request.headers['content-type']?.startsWith('application/json')) {
        json.push(JSON.parse(body.toString('utf8')));
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } else if (
        request.url === '/v1/traces' &&
        request.headers['content-type'] === 'application/x-protobuf'
      ) {
        protobuf.push(body);
        response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      } else {
        response.writeHead(404).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const spans = () =>
    json.flatMap((payload) =>
      (payload as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] }).resourceSpans.flatMap((r) =>
        r.scopeSpans.flatMap((s) => s.spans),
      ),
    );
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    protobuf,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  return value?.stringValue ?? value?.intValue;
};

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A buyer signs up and verifies the address (receipts go to verified addresses only), puts a product in the cart
 * and checks out; the test payment provider settles the card at once, and the receipt is mailed by a job.
 */
async function checkout(base: string, smtp: TestSmtpServer): Promise<string> {
  const email = `trace.${randomBytes(4).toString('hex')}@example.test`;
  const registered = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'trace test password' }),
  });
  expect(registered.status).toBe(201);
  const cookie = registered.headers.get('set-cookie')!.split(';')[0]!;
  const verification = await smtp.waitFor((mail) => mail.to.includes(email));
  const token = new URL(linkIn(verification.text, '/verify-email')).searchParams.get('token');
  const verified = await fetch(`${base}/api/auth/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ token }),
  });
  expect(verified.status).toBe(200);
  const list = (await (await fetch(`${base}/api/products?limit=50`, { headers: { cookie } })).json()) as {
    id: string;
    minimumTier: number;
    inStock: boolean;
  }[];
  const product = list.find((p) => p.minimumTier <= 1 && p.inStock)!;
  const added = await fetch(`${base}/api/cart`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ productId: product.id, quantity: 1 }),
  });
  expect(added.status).toBe(201);
  const order = await fetch(`${base}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      paymentMethod: 'stripe',
      shippingAddress: {
        fullName: 'Trace Buyer',
        line1: '1 Trace Street',
        city: 'Pune',
        state: 'Maharashtra',
        postalCode: '411001',
        country: 'India',
        phone: '9800000000',
      },
    }),
  });
  expect(order.status).toBe(201);
  return order.headers.get('x-request-id')!;
}

// Each test starts a server of its own (on a loaded machine that alone may take most of a minute).
describe('traces over OTLP/HTTP', { timeout: 150_000 }, () => {
  let smtp: TestSmtpServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    [smtp, receiver] = await Promise.all([startSmtpServer(), startReceiver()]);
  });
  afterAll(async () => {
    await server?.stop();
    await Promise.all([smtp?.close(), receiver?.close()]);
  });

  it('follows a checkout through its SQL, its mail job and the SMTP delivery (JSON)', async () => {
    server = await startServer({
      env: {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '100',
        SMTP_URL: smtp.url,
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
      },
    });
    const requestId = await checkout(server.url, smtp);
    await smtp.waitFor((mail) => /payment received/i.test(mail.subject));

    const request = await until('the checkout span', () =>
      receiver
        .spans()
        .find((span) => span.name === 'POST /api/orders' && attribute(span, 'http.route') === '/api/orders'),
    );
    const inTrace = () => receiver.spans().filter((span) => span.traceId === request.traceId);
    const smtpSpan = await until('the SMTP span', () => inTrace().find((span) => span.name === 'smtp send'));
    // A span is exported when it ends: the job's ends after the delivery inside it, and may come in a later batch.
    const job = await until('the mail job continuing the request trace', () =>
      inTrace().find((span) => span.name === 'job mail.send'),
    );
    const trace = inTrace();
    const byId = new Map(trace.map((span) => [span.spanId, span]));
    // The SMTP delivery happens inside the job's span, which descends from the request's.
    expect(smtpSpan.parentSpanId).toBe(job.spanId);
    expect(Number(attribute(smtpSpan, 'server.port'))).toBe(smtp.port);
    let ancestor: OtlpSpan | undefined = job;
    while (ancestor?.parentSpanId) ancestor = byId.get(ancestor.parentSpanId);
    expect(ancestor?.spanId).toBe(request.spanId);
    const sql = trace.filter(
      (span) =>
        attribute(span, 'db.system') === 'postgresql' || attribute(span, 'db.system.name') === 'postgresql',
    );
    expect(sql.length).toBeGreaterThan(3);
    expect(
      sql.some(
        (span) =>
          span.parentSpanId === job.spanId || byId.get(span.parentSpanId ?? '')?.name === 'job mail.send',
      ),
    ).toBe(true);

    // The request's own log line carries the trace id.
    const line = await until('the request log line', () =>
      server!
        .output()
        .split('\n')
        .find((l) => l.includes(`"reqId":"${requestId}"`) && l.includes('"msg":"request"')),
    );
    expect(JSON.parse(line)).toMatchObject({ traceId: request.traceId, route: '/api/orders' });
    await server.stop();
    server = undefined;
  });

  it('exports over OTLP/HTTP protobuf by default', async () => {
    server = await startServer({
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '100' },
    });
    await fetch(`${server.url}/api/products?limit=1`);
    await until('a protobuf export', () => (receiver.protobuf.length > 0 ? true : undefined));
    // The span's name travels as a protobuf string: its bytes are in the body.
    expect(Buffer.concat(receiver.protobuf).includes('GET /api/products')).toBe(true);
    await server.stop();
    server = undefined;
  });

  it('loads no OpenTelemetry module when OTEL_EXPORTER_OTLP_ENDPOINT is unset, and does when set', async () => {
    const modules = async (env: Record<string, string>) => {
      const file = path.join(projectRoot, '.tmp', `modules-${randomBytes(4).toString('hex')}.txt`);
      const probed = await startServer({
        env: { ...env, MODULE_PROBE_FILE: file },
        nodeArgs: ['--import', './e2e/support/module-probe.mjs'],
      });
      // A request and a job's worth of the app's code paths.
      await fetch(`${probed.url}/api/products?limit=1`);
      await probed.stop();
      const list = (await readFile(file, 'utf8')).split('\n');
      await rm(file, { force: true });
      return list;
    };
    const off = await modules({ OTEL_EXPORTER_OTLP_ENDPOINT: '' });
    expect(off.some((url) => url.includes('/node_modules/pg/'))).toBe(true);
    // prom-client and pg-boss import the vendor-neutral API (@opentelemetry/api: no-ops while no SDK is
    // registered) whatever this setting says; no SDK, exporter or instrumentation may load.
    expect(
      off.filter(
        (url) => url.includes('/@opentelemetry/') && !url.includes('/node_modules/@opentelemetry/api/'),
      ),
    ).toEqual([]);
    const on = await modules({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
    expect(on.some((url) => url.includes('/node_modules/@opentelemetry/'))).toBe(true);
  });
});
