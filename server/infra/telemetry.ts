import { register } from 'node:module';
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { getRPCMetadata, RPCType, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { installTracing, type TraceCarrier } from './tracing.js';

/**
 * OpenTelemetry traces (issue 41 point 4, design 12.8, decision 041). main.ts imports this module, and so any
 * OpenTelemetry package, only when `OTEL_EXPORTER_OTLP_ENDPOINT` is set, and before it imports the rest of the app:
 * the ES module hook that lets the instrumentations patch `pg` and the others must be in place before those are
 * loaded.
 *
 * Spans: every HTTP request the server answers (the probes and /metrics left out), every SQL statement within
 * one (pg; pg-boss's own polling, outside any request, makes no trace), outgoing HTTP (node:http and fetch), the
 * pg-boss jobs (the context travels in the job's data from the request that queued it: queue.ts) and SMTP
 * deliveries (a span of the mailer's own: nodemailer has no instrumentation). Exported over OTLP/HTTP, protobuf or
 * JSON after `OTEL_EXPORTER_OTLP_PROTOCOL` (`http/protobuf`, the default, or `http/json`); the exporters read the
 * other standard OTEL_EXPORTER_OTLP_* settings themselves. `OTEL_SERVICE_NAME` names the service (intel-portal).
 */
const UNTRACED = /^\/(readyz|healthz|metrics)(\?|$)/;

export async function startTelemetry(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);

  const protocol =
    env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf';
  if (protocol !== 'http/protobuf' && protocol !== 'http/json') {
    throw new Error(`OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json (not ${protocol})`);
  }
  const exporter = protocol === 'http/json' ? new JsonExporter() : new ProtobufExporter();
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME ?? 'intel-portal' }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter,
        // The standard setting (5 s by default); the trace test shortens it.
        ...(Number(env.OTEL_BSP_SCHEDULE_DELAY) > 0
          ? { scheduledDelayMillis: Number(env.OTEL_BSP_SCHEDULE_DELAY) }
          : {}),
      }),
    ],
  });
  trace.setGlobalTracerProvider(provider);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());

  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED.test(request.url ?? ''),
      }),
      new PgInstrumentation({ requireParentSpan: true }),
      new UndiciInstrumentation(),
    ],
  });

  const tracer = provider.getTracer('intel-portal');
  const run = async <T>(span: ReturnType<typeof tracer.startSpan>, work: () => Promise<T>): Promise<T> => {
    try {
      return await context.with(trace.setSpan(context.active(), span), work);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  };

  installTracing({
    enabled: true,
    capture() {
      if (!trace.getSpan(context.active())) return undefined;
      const carrier: Partial<TraceCarrier> = {};
      propagation.inject(context.active(), carrier);
      return carrier.traceparent ? (carrier as TraceCarrier) : undefined;
    },
    withinJob(name, carrier, work) {
      const parent = carrier ? propagation.extract(context.active(), carrier) : context.active();
      const span = tracer.startSpan(
        name,
        { kind: SpanKind.CONSUMER, attributes: { 'messaging.system': 'pg-boss' } },
        parent,
      );
      return run(span, work);
    },
    span(name, attributes, work) {
      return run(tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes }), work);
    },
    traceId() {
      const span = trace.getSpan(context.active());
      return span?.spanContext().traceId;
    },
    nameRequest(route) {
      // The HTTP instrumentation names its server span, and sets `http.route`, from this when the request ends.
      const metadata = getRPCMetadata(context.active());
      if (metadata?.type === RPCType.HTTP) metadata.route = route;
    },
    shutdown: () => provider.shutdown(),
  });
}
