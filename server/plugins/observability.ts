import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  onResponseHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Registry, type Histogram } from 'prom-client';
import { UNMATCHED } from '../infra/logging.js';
import { tracing } from '../infra/tracing.js';
import { hookList } from '../lib/route-options.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry (process defaults and request durations; modules add scrape-time gauges). */
    metrics: Registry;
    /** Set once shutdown has begun (by `close()`, or earlier by the caller): `/readyz` then answers 503. */
    draining: boolean;
    /**
     * The `onResponse` hook of the not-found handler's own scope (plugins/client.ts): its answers (the client's
     * pages, 404s) are counted under one label. No route runs it.
     */
    observeUnmatched: onResponseHookHandler;
  }
}

/** An incoming `X-Request-Id` kept as it is (design 11.5); anything else is replaced. */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * Fastify's `genReqId`: the caller's `X-Request-Id` when it is valid, else a random UUID, which no other instance
 * will hand out too (Fastify's default, `req-1`, `req-2`..., restarts at each boot and repeats across instances).
 * Fastify puts it in every log line of the request as `reqId`, and the security plugin's header hook sends it as
 * the answer's `X-Request-Id` (one hook for every header an answer always has; decision 032).
 */
export function requestId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Seconds; from a fast cached read to a slow report. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Sample {
  labels: Record<string, string | number>;
  sharedLabels: Series['labels'];
  value: number;
  metricName: string;
}

interface Series {
  labels: { method: string; route: string; status_code: string };
  /** Observations per bucket (not cumulative), the last one above every bound. */
  counts: Float64Array;
  sum: number;
}

/**
 * `http_request_duration_seconds`, a Prometheus histogram by method, route pattern and status code, kept by hand:
 * prom-client's Histogram checks and hashes the label set on every observation, which cost about 0.6 us a request
 * (decision 024). Here a series is found by three map lookups and an observation is a bucket search and two
 * additions. prom-client's registry asks it for its samples at scrape time (`get`) and writes them out like its
 * own histograms: cumulative `_bucket` samples with `le`, then `_sum` and `_count`.
 */
export class RequestDurations {
  readonly name = 'http_request_duration_seconds';
  readonly help =
    'Time from the request arriving to the answer sent, by method, route pattern and status code';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private byRoute = new Map<string, Map<string, Map<number, Series>>>();

  observe(route: string, method: string, status: number, seconds: number): void {
    let byMethod = this.byRoute.get(route);
    if (!byMethod) this.byRoute.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) {
      series = {
        labels: { method, route, status_code: String(status) },
        counts: new Float64Array(DURATION_BUCKETS.length + 1),
        sum: 0,
      };
      byStatus.set(status, series);
    }
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket++;
    series.counts[bucket]! += 1;
    series.sum += seconds;
  }

  /** The samples as the registry writes them out: each series' labels shared, `le` its buckets' own. */
  async getForPromString() {
    const values: Sample[] = [];
    for (const byMethod of this.byRoute.values()) {
      for (const byStatus of byMethod.values()) {
        for (const { labels, counts, sum } of byStatus.values()) {
          let cumulative = 0;
          DURATION_BUCKETS.forEach((le, bucket) => {
            cumulative += counts[bucket]!;
            values.push({
              labels: { le },
              sharedLabels: labels,
              value: cumulative,
              metricName: `${this.name}_bucket`,
            });
          });
          const count = cumulative + counts[DURATION_BUCKETS.length]!;
          values.push(
            { labels: { le: '+Inf' }, sharedLabels: labels, value: count, metricName: `${this.name}_bucket` },
            { labels: {}, sharedLabels: labels, value: sum, metricName: `${this.name}_sum` },
            { labels: {}, sharedLabels: labels, value: count, metricName: `${this.name}_count` },
          );
        }
      }
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** The same samples with every label on each (the registry's JSON). */
  async get() {
    const metric = await this.getForPromString();
    return {
      ...metric,
      values: metric.values.map(({ labels, sharedLabels, ...sample }) => ({
        ...sample,
        labels: { ...sharedLabels, ...labels },
      })),
    };
  }

  reset(): void {
    this.byRoute = new Map();
  }
}

/**
 * Request metrics (design 11.5). Per request: one histogram observation keyed by the route's pattern, never its URL,
 * by a hook of that route's own. Everything else (pool, queues, outbox, change feed) is read when Prometheus
 * scrapes `/metrics` (the metrics module).
 */
export default fp(
  async function observabilityPlugin(app: FastifyInstance) {
    const registry = new Registry();
    // The event loop's delay sampled every 100 ms rather than prom-client's 10: a hundred wake-ups a second made
    // up half of an idle instance's (decision 047); a scrape every 15 s still reads 150 samples.
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 100 });
    const durations = new RequestDurations();
    // The registry writes out any metric that lists its own samples; its types name only prom-client's four.
    registry.registerMetric(durations as unknown as Histogram);
    app.decorate('metrics', registry);
    app.decorate('draining', false);
    app.addHook('preClose', (done) => {
      app.draining = true;
      done();
    });

    /** An `onResponse` hook that counts each answer under `route` (a pattern, or UNMATCHED). */
    const observer = (route: string) =>
      function observe(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
        durations.observe(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
        done();
      };
    // Each route gets its own hook with its pattern in hand, so nothing per request has to look the route up.
    app.addHook('onRoute', (route) => {
      route.onResponse = [...hookList(route.onResponse), observer(route.url)];
    });
    // With tracing on, each request's span is named after its route pattern, as its metrics are.
    if (tracing().enabled) {
      app.addHook('onRequest', (request, _reply, done) => {
        tracing().nameRequest(request.routeOptions.url ?? UNMATCHED);
        done();
      });
    }
    // The not-found handler is no route: its scope adds this hook, so that no route's answer runs it.
    app.decorate('observeUnmatched', observer(UNMATCHED));
  },
  { name: 'observability' },
);
