import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry (process defaults and request durations; modules add scrape-time gauges). */
    metrics: Registry;
    /** Set once shutdown has begun (by `close()`, or earlier by the caller): `/readyz` then answers 503. */
    draining: boolean;
  }
}

/** An incoming `X-Request-Id` kept as it is (design 11.5); anything else is replaced. */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * Fastify's `genReqId`: the caller's `X-Request-Id` when it is valid, else a random UUID, which no other instance
 * will hand out too (Fastify's default, `req-1`, `req-2`..., restarts at each boot and repeats across instances).
 * Fastify puts it in every log line of the request as `reqId`.
 */
export function requestId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Seconds; from a fast cached read to a slow report. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** The `route` label of a request no route claimed (the client's pages and 404s): one series, not one per URL. */
const UNMATCHED = 'unmatched';

type Observer = Histogram.Internal<'method' | 'route' | 'status_code'>;

/**
 * Each (route, method, status) series' child, found by three map lookups: observing a request builds no label
 * object and hashes no label set.
 */
class DurationSeries {
  private readonly byRoute = new Map<string, Map<string, Map<number, Observer>>>();

  constructor(private readonly histogram: Histogram<'method' | 'route' | 'status_code'>) {}

  observe(route: string, method: string, status: number, milliseconds: number): void {
    let byMethod = this.byRoute.get(route);
    if (!byMethod) this.byRoute.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let child = byStatus.get(status);
    if (!child) byStatus.set(status, (child = this.histogram.labels(method, route, String(status))));
    child.observe(milliseconds / 1000);
  }
}

/**
 * Request ids and request metrics (design 11.5). Per request: one header, and one histogram observation keyed by
 * the route's pattern, never its URL. Everything else (pool, queues, outbox, change feed) is read when Prometheus
 * scrapes `/metrics` (the metrics module).
 */
export default fp(
  async function observabilityPlugin(app: FastifyInstance) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const durations = new DurationSeries(
      new Histogram({
        name: 'http_request_duration_seconds',
        help: 'Time from the request arriving to the answer sent, by method, route pattern and status code',
        labelNames: ['method', 'route', 'status_code'] as const,
        buckets: DURATION_BUCKETS,
        registers: [registry],
      }),
    );
    app.decorate('metrics', registry);
    app.decorate('draining', false);
    app.addHook('preClose', (done) => {
      app.draining = true;
      done();
    });

    // Before every other hook of ours, so that an answer any of them refuses with (401, 403, 415, 429) has it too.
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });

    // Each route gets its own hook with its pattern in hand, so nothing per request has to look the route up.
    app.addHook('onRoute', (route) => {
      const pattern = route.url;
      const observe = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
        durations.observe(pattern, request.method, reply.statusCode, reply.elapsedTime);
        done();
      };
      const existing = route.onResponse;
      route.onResponse = existing
        ? [...(Array.isArray(existing) ? existing : [existing]), observe]
        : [observe];
    });
    // The not-found handler is no route: its answers are counted here, under one label.
    app.addHook('onResponse', (request, reply, done) => {
      if (request.is404) durations.observe(UNMATCHED, request.method, reply.statusCode, reply.elapsedTime);
      done();
    });
  },
  { name: 'observability' },
);
