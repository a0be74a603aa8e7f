// Loaded with `node --import` before the server (e2e/telemetry.test.ts): records the URL of every module the process
// resolves, imported or required, and writes them to MODULE_PROBE_FILE when the process exits.
import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const seen = new Set();
registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    seen.add(resolved.url);
    return resolved;
  },
});
process.on('exit', () => writeFileSync(process.env.MODULE_PROBE_FILE, [...seen].join('\n')));
