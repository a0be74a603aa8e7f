import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../../lib/paths.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';
import { setUserTier, verifyEmail } from '../../test/fixtures.js';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.js';
import * as subscriptions from './subscriptions.service.js';

let smtp: TestSmtpServer;
let t: TestApp;
let director: Awaited<ReturnType<typeof member>>;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_RETRY_DELAY_SECONDS: '1' }, { jobs: true });
  director = await member({ verified: true });
  await setUserTier(t, director.id, 4);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** A signed-in user; `verified` sets the address verified the way the verification link will. */
async function member({ verified = false } = {}) {
  const account = await registerUser(t.app);
  if (verified) {
    await verifyEmail(t, account.id);
  }
  const tier = async () => (await asUser(t.app, account).get('/api/auth/user')).json<{ tier: number }>().tier;
  const notifications = async () =>
    (await asUser(t.app, account).get('/api/notifications')).json<
      { type: string; priority: string; title: string; message: string; actionUrl: string | null }[]
    >();
  /** The e-mail with this subject (and text, when given) that reached the SMTP server for this user. */
  const mail = (subject: string, text = '') =>
    smtp.waitFor((m) => m.to.includes(account.email) && m.subject === subject && m.text.includes(text));
  return { ...account, tier, notifications, mail };
}

const lines = (text: string) => text.split('\n').map((line) => line.trim());
/** How mail links back, whether sent while answering a request or by a job: PUBLIC_BASE_URL is unset in tests. */
const MAIL_ORIGIN = 'http://127.0.0.1:5000';

describe('tier upgrades', () => {
  it('raises the tier at once when a card payment completes, with its payment, subscription and notice', async () => {
    const user = await member({ verified: true });
    const response = await asUser(t.app, user).post('/api/upgrade-tier', { tier: 2, billing: 'yearly' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      outcome: 'active',
      tier: 2,
      subscription: {
        tier: 2,
        tierName: 'Operator',
        billing: 'yearly',
        amount: '999.00',
        paymentMethod: 'stripe',
        status: 'active',
      },
      payment: { amount: '999.00', currency: 'USD', status: 'completed', purpose: 'tier_upgrade' },
    });
    expect(await user.tier()).toBe(2);

    const active = (await asUser(t.app, user).get('/api/subscriptions/active')).json();
    const start = new Date(active.currentPeriodStart);
    const end = new Date(active.currentPeriodEnd);
    expect(end.getUTCFullYear() - start.getUTCFullYear()).toBe(1);
    expect((await asUser(t.app, user).get('/api/payments')).json()).toHaveLength(1);
    expect(await user.notifications()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'tier_upgrade',
          priority: 'normal',
          title: 'Welcome to tier 2',
          message: 'Your access tier is now 2 (was 1).',
          actionUrl: '/payments',
        }),
        expect.objectContaining({
          type: 'payment_received',
          title: 'Payment received',
          message: 'We received USD 999.00 for: Operator (tier 2), yearly.',
        }),
      ]),
    );
    const welcome = await user.mail('Welcome to tier 2');
    expect(welcome.to).toEqual([user.email]);
    expect(lines(welcome.text)).toEqual(
      expect.arrayContaining(['Your access tier is now 2 (was 1).', `${MAIL_ORIGIN}/payments`]),
    );
    const receipt = await user.mail('Payment received');
    expect(lines(receipt.text)).toEqual(
      expect.arrayContaining([
        'Amount: USD 999.00',
        'Method: card',
        `Reference: ${response.json().payment.reference}`,
        'Paid for: Operator (tier 2), yearly',
      ]),
    );
  });

  it('refuses a tier at or below the current one, and tiers that do not exist', async () => {
    const user = await member();
    for (const body of [{ tier: 1 }, { tier: 5 }, { tier: 'two' }, {}, { tier: 2, billing: 'weekly' }]) {
      const response = await asUser(t.app, user).post('/api/upgrade-tier', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    await asUser(t.app, user).post('/api/upgrade-tier', { tier: 3 });
    const lower = await asUser(t.app, user).post('/api/upgrade-tier', { tier: 2 });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().issues[0].message).toBe('You already have tier 3; choose a higher tier');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/upgrade-tier', payload: { tier: 2 } })).statusCode,
    ).toBe(401);
  });

  it('keeps a crypto upgrade pending, and the tier unchanged, until a Director confirms the payment', async () => {
    const user = await member({ verified: true });
    const response = await asUser(t.app, user).post('/api/upgrade-tier', {
      tier: 3,
      paymentMethod: 'crypto',
    });
    expect(response.json()).toMatchObject({
      outcome: 'pending_payment',
      tier: 1,
      payment: { status: 'pending' },
    });
    const paymentId = response.json().payment.id;
    expect(await user.tier()).toBe(1);
    expect((await asUser(t.app, user).get('/api/subscriptions/active')).json()).toBeNull();

    const second = await asUser(t.app, user).post('/api/upgrade-tier', { tier: 2 });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      code: 'UPGRADE_PENDING',
      message:
        'Your upgrade to Agent (tier 3) is still waiting for confirmation; another upgrade can be asked for once it is settled',
    });
    // What waits, and the reference to quote, are there to read.
    const pending = await asUser(t.app, user).get('/api/subscriptions/pending');
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toMatchObject({
      waitingFor: 'payment',
      subscription: { tier: 3, status: 'pending', amount: '299.00', currency: 'USD' },
      payment: { id: paymentId, status: 'pending', paymentMethod: 'crypto' },
    });

    expect((await asUser(t.app, user).get('/api/admin/payments?status=pending')).statusCode).toBe(403);
    expect((await asUser(t.app, user).post(`/api/admin/payments/${paymentId}/confirm`, {})).statusCode).toBe(
      403,
    );
    const queue = (await asUser(t.app, director).get('/api/admin/payments?status=pending')).json();
    expect(queue).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: paymentId, userEmail: user.email })]),
    );
    const alert = `${user.email} paid USD 299.00 by crypto for Agent (tier 3), monthly; confirm when it arrives.`;
    expect(await director.notifications()).toContainEqual(
      expect.objectContaining({
        type: 'other',
        title: 'Payment awaiting confirmation',
        message: alert,
        actionUrl: '/payments?tab=approvals',
      }),
    );
    const staffMail = await director.mail('Payment awaiting confirmation', alert);
    expect(lines(staffMail.text)).toContain(`${MAIL_ORIGIN}/payments?tab=approvals`);

    const confirmed = await asUser(t.app, director).post(`/api/admin/payments/${paymentId}/confirm`, {});
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().status).toBe('completed');
    expect(await user.tier()).toBe(3);
    expect((await user.mail('Welcome to tier 3')).text).toContain('Your access tier is now 3 (was 1).');
    expect(lines((await user.mail('Payment received')).text)).toContain('Method: crypto');
    expect(
      (await asUser(t.app, director).post(`/api/admin/payments/${paymentId}/confirm`, {})).statusCode,
    ).toBe(409);
    expect((await asUser(t.app, director).post('/api/admin/payments/not-an-id/confirm', {})).statusCode).toBe(
      404,
    );
  });

  it('calls the upgrade off when a Director marks its bank transfer failed', async () => {
    const user = await member({ verified: true });
    const response = await asUser(t.app, user).post('/api/upgrade-tier', {
      tier: 2,
      paymentMethod: 'bank_transfer',
    });
    const failed = await asUser(t.app, director).post(
      `/api/admin/payments/${response.json().payment.id}/fail`,
      {},
    );
    expect(failed.json().status).toBe('failed');
    expect(await user.tier()).toBe(1);
    expect((await asUser(t.app, user).get('/api/subscriptions/active')).json()).toBeNull();
    expect(await user.notifications()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'payment_received',
          priority: 'high',
          title: 'Payment failed',
          message: 'Your payment of USD 99.00 for Operator (tier 2), monthly did not go through.',
          actionUrl: '/payments',
        }),
      ]),
    );
    const failure = await user.mail('Payment failed');
    expect(lines(failure.text)).toEqual(
      expect.arrayContaining(['Method: bank transfer', `${MAIL_ORIGIN}/payments`]),
    );
    // Nothing waits any more, so a new upgrade may start.
    expect((await asUser(t.app, user).post('/api/upgrade-tier', { tier: 2 })).json().outcome).toBe('active');
  });

  it('makes tier 4 wait for a Director even when paid, and refunds a rejected one', async () => {
    const user = await member({ verified: true });
    const response = await asUser(t.app, user).post('/api/upgrade-tier', { tier: 4 });
    expect(response.json()).toMatchObject({
      outcome: 'pending_approval',
      tier: 1,
      payment: { status: 'completed' },
    });
    expect(await user.tier()).toBe(1);
    const id = response.json().subscription.id;
    const queue = (await asUser(t.app, director).get('/api/admin/upgrades')).json();
    expect(queue).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, currentTier: 1, paymentStatus: 'completed' })]),
    );
    expect((await asUser(t.app, user).post(`/api/admin/upgrades/${id}/approve`, {})).statusCode).toBe(403);
    const alert = `${user.email} paid USD 799.00 for Director (tier 4), monthly; approve or reject the upgrade.`;
    expect(await director.notifications()).toContainEqual(
      expect.objectContaining({
        type: 'other',
        title: 'Tier 4 upgrade awaiting approval',
        message: alert,
        actionUrl: '/payments?tab=approvals',
      }),
    );
    const staffMail = await director.mail('Tier 4 upgrade awaiting approval', alert);
    expect(lines(staffMail.text)).toContain(`${MAIL_ORIGIN}/payments?tab=approvals`);

    const approved = await asUser(t.app, director).post(`/api/admin/upgrades/${id}/approve`, {});
    expect(approved.json()).toMatchObject({ status: 'active', tier: 4 });
    expect(await user.tier()).toBe(4);
    expect((await user.mail('Welcome to tier 4')).text).toContain('Your access tier is now 4 (was 1).');
    expect((await asUser(t.app, director).post(`/api/admin/upgrades/${id}/approve`, {})).statusCode).toBe(
      409,
    );

    const other = await member({ verified: true });
    const rejectedId = (await asUser(t.app, other).post('/api/upgrade-tier', { tier: 4 })).json().subscription
      .id;
    const rejected = await asUser(t.app, director).post(`/api/admin/upgrades/${rejectedId}/reject`, {});
    expect(rejected.json().status).toBe('cancelled');
    expect(await other.tier()).toBe(1);
    expect((await asUser(t.app, other).get('/api/payments')).json()[0].status).toBe('refunded');
    const rejection = 'Your upgrade to tier 4 was not approved; its payment is refunded or cancelled.';
    expect(await other.notifications()).toContainEqual(
      expect.objectContaining({
        type: 'tier_upgrade',
        priority: 'high',
        title: 'Upgrade not approved',
        message: rejection,
        actionUrl: '/payments',
      }),
    );
    expect(lines((await other.mail('Upgrade not approved')).text)).toEqual(
      expect.arrayContaining([rejection, `${MAIL_ORIGIN}/payments`]),
    );
  });

  it('approves tier 4 only once its payment completed', async () => {
    const user = await member();
    const response = await asUser(t.app, user).post('/api/upgrade-tier', {
      tier: 4,
      paymentMethod: 'crypto',
    });
    // The money is not in yet: the answer says so, not that the payment was received.
    expect(response.json()).toMatchObject({ outcome: 'pending_payment', payment: { status: 'pending' } });
    const { subscription, payment } = response.json();
    expect((await asUser(t.app, user).get('/api/subscriptions/pending')).json()).toMatchObject({
      waitingFor: 'payment',
      payment: { id: payment.id },
    });
    expect(
      (await asUser(t.app, director).post(`/api/admin/upgrades/${subscription.id}/approve`, {})).statusCode,
    ).toBe(409);
    const approvalAlerts = async () =>
      (await director.notifications()).filter(
        (note) => note.title === 'Tier 4 upgrade awaiting approval' && note.message.startsWith(user.email),
      );
    // Until the money arrives, the Directors have a payment to confirm, not an upgrade to approve.
    expect(await approvalAlerts()).toEqual([]);
    await asUser(t.app, director).post(`/api/admin/payments/${payment.id}/confirm`, {});
    expect(await user.tier()).toBe(1);
    expect(await approvalAlerts()).toHaveLength(1);
    expect((await asUser(t.app, user).get('/api/subscriptions/pending')).json()).toMatchObject({
      waitingFor: 'approval',
      payment: { id: payment.id, status: 'completed' },
    });
    await asUser(t.app, director).post(`/api/admin/upgrades/${subscription.id}/approve`, {});
    expect(await user.tier()).toBe(4);
    expect((await asUser(t.app, user).get('/api/subscriptions/pending')).json()).toBeNull();
  });
});

describe('subscriptions', () => {
  it('cancels auto renewal, keeps the tier for the paid period, then ends it and lowers the tier', async () => {
    const user = await member({ verified: true });
    expect((await asUser(t.app, user).post('/api/subscriptions/cancel', {})).statusCode).toBe(404);
    await asUser(t.app, user).post('/api/subscriptions', { tier: 3, billing: 'monthly' });
    const cancelled = await asUser(t.app, user).post('/api/subscriptions/cancel', {});
    expect(cancelled.json()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, tier: 3 });
    expect(await user.tier()).toBe(3);

    expect(await subscriptions.expireEnded(t.ctx, new Date(Date.now() + 20 * DAY))).toBe(0);
    expect(await subscriptions.expireEnded(t.ctx, new Date(Date.now() + 32 * DAY))).toBeGreaterThanOrEqual(1);
    await t.settled();
    expect(await user.tier()).toBe(1);
    expect((await asUser(t.app, user).get('/api/subscriptions/active')).json()).toBeNull();
    const ended = 'Your paid period ended, so your access tier went from 3 to 1. Renew on the payments page.';
    expect(await user.notifications()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'tier_upgrade',
          priority: 'high',
          title: 'Your access is now tier 1',
          message: ended,
          actionUrl: '/payments',
        }),
      ]),
    );
    // The expiry job has no request behind it: its links use this machine's own address.
    expect(lines((await user.mail('Your access is now tier 1')).text)).toEqual(
      expect.arrayContaining([ended, `${MAIL_ORIGIN}/payments`]),
    );
  });

  it('renews a card subscription that was not cancelled, with a new payment, its receipt and a notice', async () => {
    const user = await member({ verified: true });
    const started = (await asUser(t.app, user).post('/api/subscriptions', { tier: 2 })).json().subscription;
    await subscriptions.expireEnded(t.ctx, new Date(Date.now() + 32 * DAY));
    await t.settled();
    const active = (await asUser(t.app, user).get('/api/subscriptions/active')).json();
    expect(active.id).toBe(started.id);
    expect(new Date(active.currentPeriodEnd).getTime()).toBeGreaterThan(
      new Date(started.currentPeriodEnd).getTime(),
    );
    expect(await user.tier()).toBe(2);
    const [renewal] = (await asUser(t.app, user).get('/api/payments')).json();
    expect((await asUser(t.app, user).get('/api/payments')).json()).toHaveLength(2);

    const until = new Date(active.currentPeriodEnd).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const renewed = `Your subscription renewed until ${until}: Operator (tier 2), monthly.`;
    expect(await user.notifications()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'tier_upgrade',
          title: 'Subscription renewed',
          message: renewed,
          actionUrl: '/payments',
        }),
        expect.objectContaining({
          type: 'payment_received',
          message: 'We received USD 99.00 for: Operator (tier 2), monthly renewal.',
        }),
      ]),
    );
    expect(lines((await user.mail('Subscription renewed')).text)).toEqual(
      expect.arrayContaining([renewed, `${MAIL_ORIGIN}/payments`]),
    );
    const receipt = await user.mail('Payment received', 'monthly renewal');
    expect(lines(receipt.text)).toEqual(
      expect.arrayContaining([
        'Amount: USD 99.00',
        'Method: card',
        `Reference: ${renewal.reference}`,
        'Paid for: Operator (tier 2), monthly renewal',
      ]),
    );
  });

  it('has no auto renewal for a bank transfer subscription: cancelling it is refused, and it ends unpaid', async () => {
    const user = await member({ verified: true });
    const upgrade = await asUser(t.app, user).post('/api/subscriptions', {
      tier: 2,
      paymentMethod: 'bank_transfer',
    });
    expect(upgrade.json().subscription).toMatchObject({ paymentMethod: 'bank_transfer', status: 'pending' });
    const paymentId = upgrade.json().payment.id;
    expect(
      (await asUser(t.app, director).post(`/api/admin/payments/${paymentId}/confirm`, {})).statusCode,
    ).toBe(200);
    const active = (await asUser(t.app, user).get('/api/subscriptions/active')).json();
    expect(active).toMatchObject({ tier: 2, paymentMethod: 'bank_transfer', cancelAtPeriodEnd: false });

    const refused = await asUser(t.app, user).post('/api/subscriptions/cancel', {});
    expect(refused.statusCode).toBe(409);
    const ends = new Date(active.currentPeriodEnd).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(refused.json()).toEqual({
      code: 'CONFLICT',
      message: `Your subscription is paid by bank transfer and does not renew by itself, so there is no auto renewal to cancel: it ends on ${ends}.`,
    });
    expect((await asUser(t.app, user).get('/api/subscriptions/active')).json().cancelAtPeriodEnd).toBe(false);

    // Its period ends: nothing is charged (no card to charge), and the tier falls back.
    await subscriptions.expireEnded(t.ctx, new Date(Date.now() + 32 * DAY));
    await t.settled();
    expect((await asUser(t.app, user).get('/api/payments')).json()).toHaveLength(1);
    expect((await asUser(t.app, user).get('/api/subscriptions/active')).json()).toBeNull();
    expect(await user.tier()).toBe(1);
  });

  it("fills in an earlier subscription's method from its first payment (migration 0032)", async () => {
    const user = await member();
    const upgrade = (
      await asUser(t.app, user).post('/api/subscriptions', { tier: 3, paymentMethod: 'crypto' })
    ).json();
    // As the column's default left the rows that existed before it.
    await t.database.pool.query(`update subscriptions set payment_method = 'stripe' where id = $1`, [
      upgrade.subscription.id,
    ]);
    const migration = await readFile(
      path.join(migrationsDir, '0032_subscription_payment_method.sql'),
      'utf8',
    );
    const backfill = migration.slice(migration.indexOf('-- hand-written'));
    expect(backfill).toMatch(/-- end hand-written\n?$/);
    await t.database.pool.query(backfill);
    const pending = (await asUser(t.app, user).get('/api/subscriptions/pending')).json();
    expect(pending.subscription).toMatchObject({ id: upgrade.subscription.id, paymentMethod: 'crypto' });
  });

  it('replaces the active subscription when the user moves up again', async () => {
    const user = await member();
    const first = (await asUser(t.app, user).post('/api/upgrade-tier', { tier: 2 })).json().subscription;
    const second = (await asUser(t.app, user).post('/api/upgrade-tier', { tier: 3 })).json().subscription;
    expect((await asUser(t.app, user).get('/api/subscriptions/active')).json().id).toBe(second.id);
    expect(second.id).not.toBe(first.id);
  });

  it('tells the user a subscription ended when their tier does not move with it', async () => {
    const user = await member({ verified: true });
    await asUser(t.app, user).post('/api/subscriptions', { tier: 2 });
    await asUser(t.app, user).post('/api/subscriptions/cancel', {});
    // A tier this subscription did not grant (a Director made by the CLI) stays.
    await setUserTier(t, user.id, 4);
    await subscriptions.expireEnded(t.ctx, new Date(Date.now() + 32 * DAY));
    expect(await user.tier()).toBe(4);
    const ended = 'Your Operator (tier 2) subscription ended; your access tier stays 4.';
    expect(await user.notifications()).toContainEqual(
      expect.objectContaining({
        type: 'tier_upgrade',
        title: 'Your subscription ended',
        message: ended,
        actionUrl: '/payments',
      }),
    );
    expect((await user.notifications()).map((note) => note.title)).not.toContain('Your access is now tier 1');
    expect(lines((await user.mail('Your subscription ended')).text)).toContain(ended);
  });
});

describe('payments', () => {
  it('validates the amount with clear messages and records payments through their provider', async () => {
    const user = await member();
    const missing = await asUser(t.app, user).post('/api/payments', { paymentMethod: 'stripe' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues[0]).toEqual({ path: 'amount', message: 'Amount is required' });
    for (const amount of ['', '-5', 'abc', 0, '1.234', 1e12]) {
      expect((await asUser(t.app, user).post('/api/payments', { amount })).statusCode, String(amount)).toBe(
        400,
      );
    }
    expect(
      (await asUser(t.app, user).post('/api/payments', { amount: 10, paymentMethod: 'cash' })).statusCode,
    ).toBe(400);

    const card = await asUser(t.app, user).post('/api/payments', { amount: 49.5, description: 'Retainer' });
    expect(card.statusCode).toBe(201);
    expect(card.json()).toMatchObject({
      amount: '49.50',
      currency: 'USD',
      paymentMethod: 'stripe',
      status: 'completed',
      description: 'Retainer',
    });
    const crypto = await asUser(t.app, user).post('/api/payments', {
      amount: '120.00',
      paymentMethod: 'crypto',
    });
    expect(crypto.json().status).toBe('pending');
    expect((await asUser(t.app, user).get('/api/payments')).json()).toHaveLength(2);

    const stranger = await member();
    expect((await asUser(t.app, stranger).get('/api/payments')).json()).toEqual([]);
    expect((await t.app.inject({ url: '/api/payments' })).statusCode).toBe(401);
  });
});

describe('periods by the calendar (design 12.1)', () => {
  const iso = (value: Date) => value.toISOString();

  it('counts every period from the anchor, so a day a month lacks is its last day in that month only', () => {
    const jan31 = new Date('2028-01-31T10:00:00.000Z');
    expect([1, 2, 3, 11, 12, 13].map((n) => iso(subscriptions.periodEnd(jan31, 'monthly', n)))).toEqual([
      '2028-02-29T10:00:00.000Z',
      '2028-03-31T10:00:00.000Z',
      '2028-04-30T10:00:00.000Z',
      '2028-12-31T10:00:00.000Z',
      '2029-01-31T10:00:00.000Z',
      '2029-02-28T10:00:00.000Z',
    ]);
    const feb29 = new Date('2028-02-29T08:00:00.000Z');
    expect([1, 2, 4].map((n) => iso(subscriptions.periodEnd(feb29, 'yearly', n)))).toEqual([
      '2029-02-28T08:00:00.000Z',
      '2030-02-28T08:00:00.000Z',
      '2032-02-29T08:00:00.000Z',
    ]);
    // The period after one that ended on a clamped day ends on the anchor's day again.
    const after = (at: string) => iso(subscriptions.nextPeriodEnd(jan31, 'monthly', new Date(at)));
    expect(after('2028-02-29T10:00:00.000Z')).toBe('2028-03-31T10:00:00.000Z');
    expect(after('2028-02-15T00:00:00.000Z')).toBe('2028-02-29T10:00:00.000Z');
    expect(after('2028-12-31T10:00:00.000Z')).toBe('2029-01-31T10:00:00.000Z');
  });

  // Last in the file: the expiry job at these future times also ends or renews what the tests above left.
  afterAll(() => {
    t.ctx.now = () => new Date();
  });

  /** The expiry job and the renewal it charges, both at `at`; then the user's active subscription. */
  async function renewAt(user: Awaited<ReturnType<typeof member>>, at: string) {
    t.ctx.now = () => new Date(at);
    await subscriptions.expireEnded(t.ctx, new Date(at));
    await t.settled();
    return (await asUser(t.app, user).get('/api/subscriptions/active')).json();
  }

  it('bought on Jan 31 of a leap year, a monthly subscription ends Feb 29, renews to Mar 31, then Apr 30', async () => {
    const user = await member();
    t.ctx.now = () => new Date('2028-01-31T10:00:00.000Z');
    const bought = await asUser(t.app, user).post('/api/upgrade-tier', { tier: 2, billing: 'monthly' });
    expect(bought.json().subscription).toMatchObject({
      status: 'active',
      currentPeriodStart: '2028-01-31T10:00:00.000Z',
      currentPeriodEnd: '2028-02-29T10:00:00.000Z',
    });
    const { id } = bought.json().subscription;

    expect(await renewAt(user, '2028-02-29T10:00:00.000Z')).toMatchObject({
      id,
      currentPeriodStart: '2028-02-29T10:00:00.000Z',
      currentPeriodEnd: '2028-03-31T10:00:00.000Z',
    });
    expect(await renewAt(user, '2028-03-31T10:05:00.000Z')).toMatchObject({
      id,
      currentPeriodStart: '2028-03-31T10:00:00.000Z',
      currentPeriodEnd: '2028-04-30T10:00:00.000Z',
    });
    // A renewal more than a period late starts afresh from its payment, on that day, rather than billing the gap.
    expect(await renewAt(user, '2028-07-10T12:00:00.000Z')).toMatchObject({
      id,
      currentPeriodStart: '2028-07-10T12:00:00.000Z',
      currentPeriodEnd: '2028-08-10T12:00:00.000Z',
    });
    expect(await user.tier()).toBe(2);
  });

  it('bought on Feb 29, a yearly subscription ends Feb 28 and renews to Feb 28 the year after', async () => {
    const user = await member();
    t.ctx.now = () => new Date('2028-02-29T08:00:00.000Z');
    const bought = await asUser(t.app, user).post('/api/upgrade-tier', { tier: 3, billing: 'yearly' });
    expect(bought.json().subscription).toMatchObject({
      currentPeriodStart: '2028-02-29T08:00:00.000Z',
      currentPeriodEnd: '2029-02-28T08:00:00.000Z',
    });
    expect(await renewAt(user, '2029-02-28T08:00:00.000Z')).toMatchObject({
      id: bought.json().subscription.id,
      currentPeriodStart: '2029-02-28T08:00:00.000Z',
      currentPeriodEnd: '2030-02-28T08:00:00.000Z',
    });
  });

  it('crosses December into January of the next year', async () => {
    const user = await member();
    t.ctx.now = () => new Date('2027-12-31T23:30:00.000Z');
    const bought = await asUser(t.app, user).post('/api/upgrade-tier', { tier: 2, billing: 'monthly' });
    expect(bought.json().subscription.currentPeriodEnd).toBe('2028-01-31T23:30:00.000Z');
    expect(await renewAt(user, '2028-01-31T23:30:00.000Z')).toMatchObject({
      currentPeriodEnd: '2028-02-29T23:30:00.000Z',
    });
  });
});
