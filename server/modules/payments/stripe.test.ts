import { verifyEmail } from '../../test/fixtures.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signStripePayload } from '../../infra/stripe.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.js';
import * as subscriptions from '../subscriptions/subscriptions.service.js';

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
let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  stripe = await startFakeStripe();
  smtp = await startSmtpServer();
  t = await createTestApp(
    {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
      SMTP_URL: smtp.url,
      MAIL_RETRY_DELAY_SECONDS: '1',
    },
    { jobs: true },
  );
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  stripe.server.close();
});

function webhook(event: unknown, signature?: string) {
  const payload = JSON.stringify(event);
  return asUser(t.app, null, {
    'content-type': 'application/json',
    'stripe-signature': signature ?? signStripePayload(payload, WEBHOOK_SECRET),
  }).post('/api/webhooks/stripe', payload);
}

const succeeded = (intentId: string, eventId = `evt_${intentId}`) => ({
  id: eventId,
  type: 'payment_intent.succeeded',
  data: { object: { id: intentId, object: 'payment_intent' } },
});

async function member({ verified = false } = {}) {
  const account = await registerUser(t.app);
  if (verified) {
    await verifyEmail(t, account.id);
  }
  const tier = async () => (await asUser(t.app, account).get('/api/auth/user')).json<{ tier: number }>().tier;
  const notes = async () =>
    (await asUser(t.app, account).get('/api/notifications')).json<
      { type: string; title: string; message: string }[]
    >();
  return { ...account, tier, notes };
}

describe('the stripe provider', () => {
  it('creates a payment intent and applies the tier only when Stripe reports the payment succeeded', async () => {
    const director = await member();
    await t.database.pool.query('update users set tier = 4 where id = $1', [director.id]);
    await t.settled();
    const user = await member();
    const response = await asUser(t.app, user).post('/api/upgrade-tier', { tier: 2, billing: 'monthly' });
    expect(response.json()).toMatchObject({ outcome: 'pending_payment', payment: { status: 'pending' } });
    const [intentId, intent] = [...stripe.intents].at(-1)!;
    expect(intent).toMatchObject({ amount: 9900, currency: 'usd' });
    // The payment's id is the key: a charge retried after a crash (decision 018) finds the same intent.
    expect(intent.idempotencyKey).toBe(`charge_${response.json().payment.id}`);
    expect(await user.tier()).toBe(1);
    // A card payment waits for Stripe, not for a Director; nobody is told anything yet.
    expect(await user.notes()).toEqual([]);
    expect((await director.notes()).map((note) => note.message).join('\n')).not.toContain(user.email);

    const delivered = await webhook(succeeded(intentId));
    expect(delivered.statusCode).toBe(200);
    expect(await user.tier()).toBe(2);
    expect((await asUser(t.app, user).get('/api/payments')).json()[0].status).toBe('completed');

    // Stripe delivers at least once: the same event again changes nothing.
    expect((await webhook(succeeded(intentId))).statusCode).toBe(200);
    expect((await asUser(t.app, user).get('/api/payments')).json()).toHaveLength(1);
    const notes = await user.notes();
    expect(notes.filter((note) => note.title === 'Welcome to tier 2')).toHaveLength(1);
    expect(notes.filter((note) => note.title === 'Payment received')).toEqual([
      expect.objectContaining({
        type: 'payment_received',
        message: 'We received USD 99.00 for: Operator (tier 2), monthly.',
      }),
    ]);
  });

  it('refuses webhooks with a wrong, stale, missing or malformed signature, and changes nothing', async () => {
    const user = await member();
    await asUser(t.app, user).post('/api/upgrade-tier', { tier: 3 });
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
    await asUser(t.app, user).post('/api/upgrade-tier', { tier: 2 });
    const [intentId] = [...stripe.intents].at(-1)!;
    await webhook({
      id: 'evt_fail',
      type: 'payment_intent.payment_failed',
      data: { object: { id: intentId } },
    });
    expect((await asUser(t.app, user).get('/api/payments')).json()[0].status).toBe('failed');
    expect(await user.tier()).toBe(1);
    expect(await user.notes()).toEqual([
      expect.objectContaining({
        type: 'payment_received',
        title: 'Payment failed',
        message: 'Your payment of USD 99.00 for Operator (tier 2), monthly did not go through.',
      }),
    ]);
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
    const { subscription } = (await asUser(t.app, user).post('/api/upgrade-tier', { tier: 4 })).json();
    const [intentId] = [...stripe.intents].at(-1)!;
    await webhook(succeeded(intentId));
    expect(await user.tier()).toBe(1);
    const rejected = await asUser(t.app, director).post(`/api/admin/upgrades/${subscription.id}/reject`, {});
    expect(rejected.statusCode).toBe(200);
    expect(stripe.refunds).toContain(intentId);
    expect((await asUser(t.app, user).get('/api/payments')).json()[0].status).toBe('refunded');
  });

  it('tells the user when a renewal is not paid at once, and then that the tier fell back', async () => {
    const user = await member({ verified: true });
    await asUser(t.app, user).post('/api/upgrade-tier', { tier: 2 });
    await webhook(succeeded([...stripe.intents].at(-1)![0]));
    expect(await user.tier()).toBe(2);

    // Stripe answers a renewal's intent with requires_payment_method: no saved card pays it now.
    await subscriptions.expireEnded(t.ctx, new Date(Date.now() + 32 * 24 * 60 * 60 * 1000));
    await t.settled();
    expect(await user.tier()).toBe(1);
    const [renewal] = (await asUser(t.app, user).get('/api/payments')).json();
    expect(renewal).toMatchObject({ status: 'failed', description: 'Operator (tier 2), monthly renewal' });
    const failed = 'Your payment of USD 99.00 for Operator (tier 2), monthly renewal did not go through.';
    expect(await user.notes()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'payment_received', title: 'Payment failed', message: failed }),
        expect.objectContaining({
          type: 'tier_upgrade',
          title: 'Your access is now tier 1',
          message:
            'Your paid period ended, so your access tier went from 2 to 1. Renew on the payments page.',
        }),
      ]),
    );
    const mail = await smtp.waitFor((m) => m.to.includes(user.email) && m.subject === 'Payment failed');
    expect(mail.text.split('\n')).toEqual(
      expect.arrayContaining([failed, 'Method: card', `Reference: ${renewal.reference}`]),
    );
    // Stripe charges real cards: neither the mail nor the client is told of a test mode.
    expect(mail.text).not.toContain('Test mode');
    expect((await asUser(t.app, user).get('/api/payments/instructions')).json().testMode).toBe(false);
  });
});
