/**
 * What the app's own code asks of tracing (design 12.8, decision 041), with no OpenTelemetry package behind it
 * until `server/infra/telemetry.ts` installs one: unset `OTEL_EXPORTER_OTLP_ENDPOINT`, nothing of OpenTelemetry is
 * loaded and every call here is a plain pass-through (a job carries no trace context, a log line no `traceId`).
 */

/** A trace context as W3C Trace Context headers, what a job carries from the request that queued it. */
export interface TraceCarrier {
  traceparent: string;
  tracestate?: string;
}

export interface Tracing {
  readonly enabled: boolean;
  /** The current context, to travel in a job; undefined outside a trace. */
  capture(): TraceCarrier | undefined;
  /** Runs a job's try in a span `name` whose parent is the context the job carried. */
  withinJob<T>(name: string, carrier: TraceCarrier | undefined, work: () => Promise<T>): Promise<T>;
  /** Runs `work` in a child span of the current one (what no instrumentation sees: an SMTP delivery). */
  span<T>(name: string, attributes: Record<string, string | number>, work: () => Promise<T>): Promise<T>;
  /** The current trace's id, for log lines. */
  traceId(): string | undefined;
  /** Names the current HTTP server span after the request's route pattern (`POST /api/orders`). */
  nameRequest(route: string): void;
  /** Sends what is still held and stops (the end of an orderly stop). */
  shutdown(): Promise<void>;
}

const off: Tracing = {
  enabled: false,
  capture: () => undefined,
  withinJob: (_name, _carrier, work) => work(),
  span: (_name, _attributes, work) => work(),
  traceId: () => undefined,
  nameRequest: () => {},
  shutdown: () => Promise.resolve(),
};

let current: Tracing = off;

/** The tracing in force (the pass-through unless telemetry started). */
export function tracing(): Tracing {
  return current;
}

/** Called once by telemetry.ts, before the app's modules load. */
export function installTracing(implementation: Tracing): void {
  current = implementation;
}

/** The key a job's data carries its trace context under (only when tracing is on). */
export const TRACE_KEY = '_trace';

/** Adds the current trace context to a job's data (an object); anything else, or no trace, is left as it is. */
export function withTraceContext(data: unknown): unknown {
  const carrier = current.capture();
  if (!carrier || typeof data !== 'object' || data === null || Array.isArray(data)) return data;
  return { ...data, [TRACE_KEY]: carrier };
}

/** Splits a claimed job's data into what its schema reads and the trace context it carried, if any. */
export function takeTraceContext(data: unknown): { data: unknown; carrier: TraceCarrier | undefined } {
  if (typeof data !== 'object' || data === null || !(TRACE_KEY in data)) return { data, carrier: undefined };
  const { [TRACE_KEY]: carried, ...rest } = data as Record<string, unknown>;
  const carrier =
    typeof carried === 'object' &&
    carried !== null &&
    typeof (carried as TraceCarrier).traceparent === 'string'
      ? (carried as TraceCarrier)
      : undefined;
  return { data: rest, carrier };
}
