import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../test/helpers.js';
import { setUserTier } from '../../test/fixtures.js';
import * as subscriptions from './subscriptions.service.js';

let t: TestApp;
let director: Awaited<ReturnType<typeof member>>;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  director = await member();
  await setUserTier(t, director.id, 4);
});
afterAll(() => t.close());

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
  const notifications = async () =>
    (await call('GET', '/api/notifications')).json<{ type: string; title: string; message: string }[]>();
  return { ...account, call, tier, notifications };
}

describe('tier upgrades', () => {
  it('raises the tier at once when a card payment completes, with its payment, subscription and notice', async () => {
    const user = await member();
    const response = await user.call('POST', '/api/upgrade-tier', { tier: 2, billing: 'yearly' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      outcome: 'active',
      tier: 2,
      subscription: { tier: 2, tierName: 'Operator', billing: 'yearly', amount: '999.00', status: 'active' },
      payment: { amount: '999.00', currency: 'USD', status: 'completed', purpose: 'tier_upgrade' },
    });
    expect(await user.tier()).toBe(2);

    const active = (await user.call('GET', '/api/subscriptions/active')).json();
    const start = new Date(active.currentPeriodStart);
    const end = new Date(active.currentPeriodEnd);
    expect(end.getUTCFullYear() - start.getUTCFullYear()).toBe(1);
    expect((await user.call('GET', '/api/payments')).json()).toHaveLength(1);
    expect(await user.notifications()).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'tier_upgrade', title: 'Welcome to tier 2' })]),
    );
  });

  it('refuses a tier at or below the current one, and tiers that do not exist', async () => {
    const user = await member();
    for (const body of [{ tier: 1 }, { tier: 5 }, { tier: 'two' }, {}, { tier: 2, billing: 'weekly' }]) {
      const response = await user.call('POST', '/api/upgrade-tier', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    await user.call('POST', '/api/upgrade-tier', { tier: 3 });
    const lower = await user.call('POST', '/api/upgrade-tier', { tier: 2 });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().issues[0].message).toBe('You already have tier 3; choose a higher tier');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/upgrade-tier', payload: { tier: 2 } })).statusCode,
    ).toBe(401);
  });

  it('keeps a crypto upgrade pending, and the tier unchanged, until a Director confirms the payment', async () => {
    const user = await member();
    const response = await user.call('POST', '/api/upgrade-tier', { tier: 3, paymentMethod: 'crypto' });
    expect(response.json()).toMatchObject({
      outcome: 'pending_payment',
      tier: 1,
      payment: { status: 'pending' },
    });
    const paymentId = response.json().payment.id;
    expect(await user.tier()).toBe(1);
    expect((await user.call('GET', '/api/subscriptions/active')).json()).toBeNull();

    const second = await user.call('POST', '/api/upgrade-tier', { tier: 2 });
    expect(second.statusCode).toBe(409);

    expect((await user.call('GET', '/api/admin/payments?status=pending')).statusCode).toBe(403);
    expect((await user.call('POST', `/api/admin/payments/${paymentId}/confirm`, {})).statusCode).toBe(403);
    const queue = (await director.call('GET', '/api/admin/payments?status=pending')).json();
    expect(queue).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: paymentId, userEmail: user.email })]),
    );

    const confirmed = await director.call('POST', `/api/admin/payments/${paymentId}/confirm`, {});
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().status).toBe('completed');
    expect(await user.tier()).toBe(3);
    expect((await director.call('POST', `/api/admin/payments/${paymentId}/confirm`, {})).statusCode).toBe(
      409,
    );
    expect((await director.call('POST', '/api/admin/payments/not-an-id/confirm', {})).statusCode).toBe(404);
  });

  it('calls the upgrade off when a Director marks its bank transfer failed', async () => {
    const user = await member();
    const response = await user.call('POST', '/api/upgrade-tier', {
      tier: 2,
      paymentMethod: 'bank_transfer',
    });
    const failed = await director.call('POST', `/api/admin/payments/${response.json().payment.id}/fail`, {});
    expect(failed.json().status).toBe('failed');
    expect(await user.tier()).toBe(1);
    expect((await user.call('GET', '/api/subscriptions/active')).json()).toBeNull();
    expect(await user.notifications()).toEqual(
      expect.arrayContaining([expect.objectContaining({ title: 'Payment failed' })]),
    );
    // Nothing waits any more, so a new upgrade may start.
    expect((await user.call('POST', '/api/upgrade-tier', { tier: 2 })).json().outcome).toBe('active');
  });

  it('makes tier 4 wait for a Director even when paid, and refunds a rejected one', async () => {
    const user = await member();
    const response = await user.call('POST', '/api/upgrade-tier', { tier: 4 });
    expect(response.json()).toMatchObject({
      outcome: 'pending_approval',
      tier: 1,
      payment: { status: 'completed' },
    });
    expect(await user.tier()).toBe(1);
    const id = response.json().subscription.id;
    const queue = (await director.call('GET', '/api/admin/upgrades')).json();
    expect(queue).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, currentTier: 1, paymentStatus: 'completed' })]),
    );
    expect((await user.call('POST', `/api/admin/upgrades/${id}/approve`, {})).statusCode).toBe(403);

    const approved = await director.call('POST', `/api/admin/upgrades/${id}/approve`, {});
    expect(approved.json()).toMatchObject({ status: 'active', tier: 4 });
    expect(await user.tier()).toBe(4);
    expect((await director.call('POST', `/api/admin/upgrades/${id}/approve`, {})).statusCode).toBe(409);

    const other = await member();
    const rejectedId = (await other.call('POST', '/api/upgrade-tier', { tier: 4 })).json().subscription.id;
    const rejected = await director.call('POST', `/api/admin/upgrades/${rejectedId}/reject`, {});
    expect(rejected.json().status).toBe('cancelled');
    expect(await other.tier()).toBe(1);
    expect((await other.call('GET', '/api/payments')).json()[0].status).toBe('refunded');
  });

  it('approves tier 4 only once its payment completed', async () => {
    const user = await member();
    const response = await user.call('POST', '/api/upgrade-tier', { tier: 4, paymentMethod: 'crypto' });
    const { subscription, payment } = response.json();
    expect(
      (await director.call('POST', `/api/admin/upgrades/${subscription.id}/approve`, {})).statusCode,
    ).toBe(409);
    await director.call('POST', `/api/admin/payments/${payment.id}/confirm`, {});
    expect(await user.tier()).toBe(1);
    await director.call('POST', `/api/admin/upgrades/${subscription.id}/approve`, {});
    expect(await user.tier()).toBe(4);
  });
});

describe('subscriptions', () => {
  it('cancels auto renewal, keeps the tier for the paid period, then ends it and lowers the tier', async () => {
    const user = await member();
    expect((await user.call('POST', '/api/subscriptions/cancel', {})).statusCode).toBe(404);
    await user.call('POST', '/api/subscriptions', { tier: 3, billing: 'monthly' });
    const cancelled = await user.call('POST', '/api/subscriptions/cancel', {});
    expect(cancelled.json()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, tier: 3 });
    expect(await user.tier()).toBe(3);

    expect(await subscriptions.expireEnded(t.ctx, new Date(Date.now() + 20 * DAY))).toBe(0);
    expect(await subscriptions.expireEnded(t.ctx, new Date(Date.now() + 32 * DAY))).toBeGreaterThanOrEqual(1);
    await t.settled();
    expect(await user.tier()).toBe(1);
    expect((await user.call('GET', '/api/subscriptions/active')).json()).toBeNull();
    expect(await user.notifications()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'tier_upgrade', title: 'Your access is now tier 1' }),
      ]),
    );
  });

  it('renews a card subscription that was not cancelled, with a new payment', async () => {
    const user = await member();
    const started = (await user.call('POST', '/api/subscriptions', { tier: 2 })).json().subscription;
    await subscriptions.expireEnded(t.ctx, new Date(Date.now() + 32 * DAY));
    await t.settled();
    const active = (await user.call('GET', '/api/subscriptions/active')).json();
    expect(active.id).toBe(started.id);
    expect(new Date(active.currentPeriodEnd).getTime()).toBeGreaterThan(
      new Date(started.currentPeriodEnd).getTime(),
    );
    expect(await user.tier()).toBe(2);
    expect((await user.call('GET', '/api/payments')).json()).toHaveLength(2);
  });

  it('replaces the active subscription when the user moves up again', async () => {
    const user = await member();
    const first = (await user.call('POST', '/api/upgrade-tier', { tier: 2 })).json().subscription;
    const second = (await user.call('POST', '/api/upgrade-tier', { tier: 3 })).json().subscription;
    expect((await user.call('GET', '/api/subscriptions/active')).json().id).toBe(second.id);
    expect(second.id).not.toBe(first.id);
  });
});

describe('payments', () => {
  it('validates the amount with the spec messages and records payments through their provider', async () => {
    const user = await member();
    const missing = await user.call('POST', '/api/payments', { paymentMethod: 'stripe' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues[0]).toEqual({ path: 'amount', message: 'Amount is required' });
    for (const amount of ['', '-5', 'abc', 0, '1.234', 1e12]) {
      expect((await user.call('POST', '/api/payments', { amount })).statusCode, String(amount)).toBe(400);
    }
    expect((await user.call('POST', '/api/payments', { amount: 10, paymentMethod: 'cash' })).statusCode).toBe(
      400,
    );

    const card = await user.call('POST', '/api/payments', { amount: 49.5, description: 'Retainer' });
    expect(card.statusCode).toBe(201);
    expect(card.json()).toMatchObject({
      amount: '49.50',
      currency: 'USD',
      paymentMethod: 'stripe',
      status: 'completed',
      description: 'Retainer',
    });
    const crypto = await user.call('POST', '/api/payments', { amount: '120.00', paymentMethod: 'crypto' });
    expect(crypto.json().status).toBe('pending');
    expect((await user.call('GET', '/api/payments')).json()).toHaveLength(2);

    const stranger = await member();
    expect((await stranger.call('GET', '/api/payments')).json()).toEqual([]);
    expect((await t.app.inject({ url: '/api/payments' })).statusCode).toBe(401);
  });
});
