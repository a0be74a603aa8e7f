import { buildApp } from '../app.js';
import { parseEnv, type AppConfig } from '../config/env.js';
import { createDb, createPool } from '../db/client.js';
import { testPaymentProvider, type PaymentProvider } from '../infra/payments.js';
import { JobQueue } from '../infra/queue.js';
import { createAppContext } from '../modules.js';
import * as payments from '../modules/payments/payments.service.js';

/**
 * A server process for the payment fault test (payments/payment-recovery.test.ts), run as
 * `node --import tsx server/test/payment-crash-child.ts <databaseUrl> <mode> [cookie] [body]`:
 * - `request <cookie> <url> <json body>`: the app answers one request (a checkout, an upgrade) as the server would,
 *   except that its card provider kills the process with SIGKILL the moment it is asked to charge: the change and
 *   its pending payment have committed, the charge has not happened, and nothing gets to clean up.
 * - `recover`: a fresh process after the restart runs the recovery the `payments.submit-waiting` job runs (with no
 *   grace period, so the test need not wait a minute) against the `test` card provider, and prints as JSON how many
 *   charges it asked for and what the recovery did.
 * Secrets are the API tests' (server/test/helpers.ts), so a session cookie made by the test is valid here.
 */
const [databaseUrl, mode, ...rest] = process.argv.slice(2);
if (!databaseUrl || !mode) throw new Error('usage: payment-crash-child.ts <databaseUrl> request|recover ...');

const env = parseEnv({
  NODE_ENV: 'test',
  SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
  MFA_ENCRYPTION_KEY: 'test-mfa-key-test-mfa-key-test-mfa-key-0',
  LOG_LEVEL: 'silent',
});
const config: AppConfig = Object.freeze({
  ...env,
  sessionSecret: env.SESSION_SECRET!,
  mfaEncryptionKey: env.MFA_ENCRYPTION_KEY!,
});

const charges: string[] = [];
const killer: PaymentProvider = {
  name: 'test',
  charge() {
    process.kill(process.pid, 'SIGKILL');
    return new Promise(() => {});
  },
  refund: () => Promise.resolve(),
};
const counting: PaymentProvider = {
  name: 'test',
  async charge(input) {
    charges.push(input.idempotencyKey);
    return testPaymentProvider.charge(input);
  },
  refund: () => Promise.resolve(),
};

const pool = createPool(databaseUrl, 3);
const database = { db: createDb(pool), pool, url: databaseUrl, embedded: false, close: () => pool.end() };
const ctx = createAppContext(database.db, config, {
  databaseUrl,
  queue: new JobQueue(databaseUrl),
  payments: mode === 'recover' ? counting : killer,
});
const app = await buildApp({ config, database, context: ctx, clientRoot: '/nonexistent-client-root' });
await app.ready();

if (mode === 'request') {
  const [cookie, url, body] = rest;
  const response = await app.inject({
    method: 'POST',
    url: url!,
    headers: { cookie: cookie!, 'content-type': 'application/json' },
    payload: body!,
  });
  // Reached only when no charge was asked for.
  process.stdout.write(`${JSON.stringify({ status: response.statusCode, body: response.body })}\n`);
} else {
  const result = await payments.submitWaiting(ctx, { graceSeconds: 0 });
  process.stdout.write(`${JSON.stringify({ charges, result })}\n`);
}
await app.close();
await database.close();
