/**
 * The server's entry (`npm start`, `node dist/server/main.js`). With `OTEL_EXPORTER_OTLP_ENDPOINT` set, OpenTelemetry
 * starts first (server/infra/telemetry.ts): its instrumentations must be in place before the app's modules, the
 * database driver among them, are loaded, so the app (serve.ts) is imported only after it. Unset, no OpenTelemetry
 * package is loaded at all (decision 041). Before either, the V8 flags the server runs with (decision 048).
 */
import { tuneV8 } from './infra/v8-flags.js';

tuneV8();
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  try {
    const { startTelemetry } = await import('./infra/telemetry.js');
    await startTelemetry();
  } catch (error) {
    console.error('OpenTelemetry did not start:', error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
await import('./serve.js');
