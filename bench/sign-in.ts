import { performance } from 'node:perf_hooks';
import { SoftAuthenticator } from '../server/test/soft-authenticator.js';
import { percentile } from './stats.js';

/**
 * Sign-in latency, one person at a time against the running app: a password sign-in (`POST /api/auth/login`,
 * argon2id's verification its bulk) beside a passkey sign-in (the request options, then
 * `POST /api/auth/passkeys/authentication`: a challenge written and taken, an ES256 signature checked), each
 * measured from the first request to the signed-in answer. The passkey is made by the API tests' software
 * authenticator, so the figure is the server's; a real authenticator adds the person's touch.
 *
 * `npx tsx bench/sign-in.ts <base-url> [samples]` runs it alone against a server already started.
 */

export interface SignInLatency {
  samples: number;
  password: { p50: number; p95: number };
  passkey: { p50: number; p95: number };
}

const PASSWORD = 'benchmark password';

async function post(base: string, path: string, body: unknown, cookie?: string) {
  const response = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text.slice(0, 200)}`);
  return { json: text ? JSON.parse(text) : null, cookie: response.headers.get('set-cookie')?.split(';')[0] };
}

export async function signInLatency(base: string, samples: number): Promise<SignInLatency> {
  const email = `bench.sign-in.${Date.now()}@example.test`;
  const { cookie } = await post(base, '/api/auth/register', { email, password: PASSWORD });
  const authenticator = new SoftAuthenticator(base);
  const options = await post(base, '/api/auth/passkeys/registration/options', {}, cookie);
  await post(base, '/api/auth/passkeys', { response: authenticator.register(options.json) }, cookie);

  const password: number[] = [];
  const passkey: number[] = [];
  for (let i = 0; i < samples; i++) {
    let started = performance.now();
    await post(base, '/api/auth/login', { email, password: PASSWORD });
    password.push(performance.now() - started);

    started = performance.now();
    const request = await post(base, '/api/auth/passkeys/authentication/options', {});
    await post(base, '/api/auth/passkeys/authentication', {
      response: authenticator.authenticate(request.json),
    });
    passkey.push(performance.now() - started);
  }
  const summary = (values: number[]) => ({ p50: percentile(values, 50), p95: percentile(values, 95) });
  return { samples, password: summary(password), passkey: summary(passkey) };
}

export function signInLines(result: SignInLatency): string[] {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return [
    `sign-in latency, ${result.samples} each, one at a time:`,
    `  password (POST /api/auth/login)          p50 ${ms(result.password.p50)}, p95 ${ms(result.password.p95)}`,
    `  passkey (options + authentication)      p50 ${ms(result.passkey.p50)}, p95 ${ms(result.passkey.p95)}`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [base, samples = '50'] = process.argv.slice(2);
  if (!base) throw new Error('usage: tsx bench/sign-in.ts <base-url> [samples]');
  for (const line of signInLines(await signInLatency(base.replace(/\/+$/, ''), Number(samples))))
    console.log(line);
}
