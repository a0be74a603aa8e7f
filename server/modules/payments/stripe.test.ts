import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signStripePayload } from '../../lib/stripe.js';
import { createTestApp, registerUser, type TestApp } from '../../test/helpers.js';

const SECRET_KEY = 'sk_test_fake';
const WEBHOOK_SECRET = 'whsec_fake_secret';

/** A local stand-in for Stripe's API: payment intents and refunds, checked the way Stripe checks them. */
interface FakeStripe {
  url: string;
  intents: Map<string, { amount: number; currency: string; idempotencyKey: string }>;
  refunds: string[];
  server: Server;
}

async function startFakeStripe(): Promise<FakeStripe> {
  const fake: Omit<FakeStripe, 'url' | 'server'> = { intents: new Map(), refunds: [] };
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const reply = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (request.headers.authorization !== `Bearer ${SECRET_KEY}`) {
        return reply(401, { error: { message: 'Invalid API Key provided' } });
      }
      const form = new URLSearchParams(body);
      if (request.method === 'POST' && request.url === '/v1/payment_intents') {
        const id = `pi_${fake.intents.size + 1}`;
        fake.intents.set(id, {
          amount: Number(form.get('amount')),
          currency: form.get('currency') ?? '',
          idempotencyKey: String(request.headers['idempotency-key']),
        });
        return reply(200, { id, object: 'payment_intent', status: 'requires_payment_method' });
      }
      if (request.method === 'POST' && request.url === '/v1/refunds') {
        fake.refunds.push(form.get('payment_intent') ?? '');
        return reply(200, { id: `re_${fake.refunds.length}`, object: 'refund', status: 'succeeded' });
      }
      reply(404, { error: { message: 'Unrecognized request URL' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { ...fake, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let stripe: FakeStripe;
let t: TestApp;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
  });
});
afterAll(async () => {
  await t.close();
  stripe.server.close();
});

function webhook(event: unknown, signature?: string) {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signature ?? signStripePayload(payload, WEBHOOK_SECRET),
    },
    payload,
  });
}

const succeeded = (intentId: string, eventId = `evt_${intentId}`) => ({
  id: eventId,
  type: 'payment_intent.succeeded',
  data: { object: { id: intentId, object: 'payment_intent' } },
});

async function member() {
  const account = await registerUser(t.app);
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: account.cookie },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const tier = async () => (await call('GET', '/api/auth/user')).json<{ tier: number }>().tier;
  return { ...account, call, tier };
}

describe('the stripe provider', () => {
  it('creates a payment intent and applies the tier only when Stripe reports the payment succeeded', async () => {
    const user = await member();
    const response = await user.call('POST', '/api/upgrade-tier', { tier: 2, billing: 'monthly' });
    expect(response.json()).toMatchObject({ outcome: 'pending_payment', payment: { status: 'pending' } });
    const [intentId, intent] = [...stripe.intents].at(-1)!;
    expect(intent).toMatchObject({ amount: 9900, currency: 'usd' });
    expect(intent.idempotencyKey).toMatch(/^charge_/);
    expect(await user.tier()).toBe(1);

    const delivered = await webhook(succeeded(intentId));
    expect(delivered.statusCode).toBe(200);
    expect(await user.tier()).toBe(2);
    expect((await user.call('GET', '/api/payments')).json()[0].status).toBe('completed');

    // Stripe delivers at least once: the same event again changes nothing.
    expect((await webhook(succeeded(intentId))).statusCode).toBe(200);
    expect((await user.call('GET', '/api/payments')).json()).toHaveLength(1);
    const notes = (await user.call('GET', '/api/notifications')).json() as { title: string }[];
    expect(notes.filter((note) => note.title === 'Welcome to tier 2')).toHaveLength(1);
  });

  it('refuses webhooks with a wrong, stale, missing or malformed signature, and changes nothing', async () => {
    const user = await member();
    await user.call('POST', '/api/upgrade-tier', { tier: 3 });
    const [intentId] = [...stripe.intents].at(-1)!;
    const payload = JSON.stringify(succeeded(intentId));
    const stale = signStripePayload(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600);
    for (const signature of [
      signStripePayload(payload, 'whsec_someone_else'),
      stale,
      't=abc,v1=00',
      'garbage',
    ]) {
      const response = await webhook(succeeded(intentId), signature);
      expect(response.statusCode, signature).toBe(400);
    }
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await user.tier()).toBe(1);
  });

  it('fails the payment and calls the upgrade off when Stripe reports a failure; ignores unknown intents', async () => {
    const user = await member();
    await user.call('POST', '/api/upgrade-tier', { tier: 2 });
    const [intentId] = [...stripe.intents].at(-1)!;
    await webhook({
      id: 'evt_fail',
      type: 'payment_intent.payment_failed',
      data: { object: { id: intentId } },
    });
    expect((await user.call('GET', '/api/payments')).json()[0].status).toBe('failed');
    expect(await user.tier()).toBe(1);
    expect((await webhook(succeeded('pi_unknown'))).statusCode).toBe(200);
    expect(
      (await webhook({ id: 'evt_other', type: 'customer.created', data: { object: {} } })).statusCode,
    ).toBe(200);
  });

  it('refunds through Stripe when a Director rejects a paid tier 4 upgrade', async () => {
    const director = await member();
    await t.database.pool.query('update users set tier = 4 where id = $1', [director.id]);
    await t.settled();
    const user = await member();
    const { subscription } = (await user.call('POST', '/api/upgrade-tier', { tier: 4 })).json();
    const [intentId] = [...stripe.intents].at(-1)!;
    await webhook(succeeded(intentId));
    expect(await user.tier()).toBe(1);
    const rejected = await director.call('POST', `/api/admin/upgrades/${subscription.id}/reject`, {});
    expect(rejected.statusCode).toBe(200);
    expect(stripe.refunds).toContain(intentId);
    expect((await user.call('GET', '/api/payments')).json()[0].status).toBe('refunded');
  });
});
