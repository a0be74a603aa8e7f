import { execFile } from 'node:child_process';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, orders, payments, subscriptions } from '../../db/schema/index.js';
import { projectRoot } from '../../lib/paths.js';
import { createCategory, createProduct, shippingAddress, stockOf } from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';
import * as paymentsService from './payments.service.js';

/**
 * Decision 018: a card charge happens after the transaction that recorded its payment committed. These tests kill a
 * real server process (SIGKILL, from inside its card provider) between that commit and the charge, then run the
 * recovery in a fresh process, as after a restart, and check that the order or upgrade settles exactly once.
 */
let t: TestApp;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_REGISTER_MAX: '500' });
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(() => t.close());

interface ChildResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function child(...args: string[]): Promise<ChildResult> {
  return new Promise((resolve) => {
    const process_ = execFile(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(projectRoot, 'server/test/payment-crash-child.ts'),
        t.database.url,
        ...args,
      ],
      { cwd: projectRoot, timeout: 120_000 },
      (_error, stdout, stderr) =>
        resolve({ code: process_.exitCode, signal: process_.signalCode, stdout, stderr }),
    );
  });
}

/** A request the child answers, its card provider killing it when asked to charge. */
const crashing = (cookie: string, url: string, body: unknown) =>
  child('request', cookie, url, JSON.stringify(body));

async function recover() {
  const run = await child('recover');
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as {
    charges: string[];
    result: paymentsService.SubmitWaitingResult;
  };
}

async function paymentsOf(userId: string) {
  return t.database.db.select().from(payments).where(eq(payments.userId, userId));
}

async function receiptsOf(userId: string) {
  return t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'payment_received')));
}

async function buyerWithCart(quantity: number) {
  const buyer = await registerUser(t.app);
  const product = await createProduct(t.database.db, categoryId, { stockCount: 10, price: '250.00' });
  const added = await asUser(t.app, buyer).post('/api/cart', { productId: product.id, quantity });
  expect(added.statusCode).toBe(201);
  return { buyer, product };
}

// Each test starts two or three server processes, which take seconds each on a busy machine.
describe('a crash between the commit and the charge', { timeout: 240_000 }, () => {
  it('leaves the order and its payment pending, and the recovery after a restart pays it exactly once', async () => {
    const { buyer, product } = await buyerWithCart(2);
    const killed = await crashing(buyer.cookie, '/api/orders', {
      shippingAddress,
      paymentMethod: 'stripe',
    });
    expect(killed.signal, killed.stderr + killed.stdout).toBe('SIGKILL');
    expect(killed.stdout).toBe('');

    // What committed before the charge: the order, its stock, its pending payment that no provider has seen.
    const [order] = await t.database.db.select().from(orders).where(eq(orders.userId, buyer.id));
    expect(order).toMatchObject({ status: 'pending', total: '500.00' });
    const [waiting] = await paymentsOf(buyer.id);
    expect(waiting).toMatchObject({
      id: order!.paymentId,
      status: 'pending',
      provider: 'test',
      providerReference: null,
    });
    expect(await stockOf(t.database.db, product.id)).toBe(8);
    expect((await asUser(t.app, buyer).get('/api/cart')).json().items ?? []).toEqual([]);
    expect(await receiptsOf(buyer.id)).toEqual([]);

    // Within its grace period the payment may still be on its way in the process that recorded it: left alone.
    expect(await paymentsService.submitWaiting(t.ctx)).toMatchObject({ submitted: 0, failed: 0 });

    const first = await recover();
    expect(first.charges).toEqual([waiting!.id]);
    expect(first.result).toMatchObject({ submitted: 1, failed: 0, errors: [] });
    const [paid] = await t.database.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(paid!.status).toBe('paid');
    const [settled] = await paymentsOf(buyer.id);
    expect(settled).toMatchObject({ status: 'completed', provider: 'test' });
    expect(settled!.providerReference).toMatch(/^test_/);
    expect(await receiptsOf(buyer.id)).toHaveLength(1);

    // A second recovery (another instance, the next minute) finds nothing to do and changes nothing.
    const second = await recover();
    expect(second.charges).toEqual([]);
    expect(second.result).toMatchObject({ submitted: 0, failed: 0 });
    expect(await paymentsOf(buyer.id)).toEqual([settled]);
    expect(await receiptsOf(buyer.id)).toHaveLength(1);
    expect(await stockOf(t.database.db, product.id)).toBe(8);
    const confirmations = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, settled!.id), eq(auditLog.action, 'payment.confirmed')));
    expect(confirmations).toHaveLength(1);
  });

  it('raises the tier of an upgrade killed before its charge once, after the restart', async () => {
    const user = await registerUser(t.app);
    const killed = await crashing(user.cookie, '/api/upgrade-tier', { tier: 2, billing: 'monthly' });
    expect(killed.signal, killed.stderr + killed.stdout).toBe('SIGKILL');
    const tier = async () => (await asUser(t.app, user).get('/api/auth/user')).json<{ tier: number }>().tier;
    expect(await tier()).toBe(1);
    const [pending] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    expect(pending!.status).toBe('pending');
    expect(await paymentsOf(user.id)).toEqual([
      expect.objectContaining({ status: 'pending', subscriptionId: pending!.id, providerReference: null }),
    ]);
    // While it waits, another upgrade is refused: the one recorded is still the user's.
    expect((await asUser(t.app, user).post('/api/upgrade-tier', { tier: 3 })).statusCode).toBe(409);

    const first = await recover();
    expect(first.charges).toHaveLength(1);
    await t.settled();
    expect(await tier()).toBe(2);
    const [active] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    expect(active!.status).toBe('active');
    const tierNotices = async () =>
      (await asUser(t.app, user).get('/api/notifications'))
        .json<{ title: string }[]>()
        .filter((note) => note.title === 'Welcome to tier 2');
    expect(await tierNotices()).toHaveLength(1);

    expect((await recover()).charges).toEqual([]);
    expect(await paymentsOf(user.id)).toEqual([expect.objectContaining({ status: 'completed' })]);
    expect(await tierNotices()).toHaveLength(1);
    expect(await receiptsOf(user.id)).toHaveLength(1);
  });

  it('fails a payment no provider took within the give-up time: the order is cancelled and its stock back', async () => {
    const { buyer, product } = await buyerWithCart(3);
    const killed = await crashing(buyer.cookie, '/api/orders', {
      shippingAddress,
      paymentMethod: 'stripe',
    });
    expect(killed.signal, killed.stderr + killed.stdout).toBe('SIGKILL');
    expect(await stockOf(t.database.db, product.id)).toBe(7);

    const result = await paymentsService.submitWaiting(t.ctx, { graceSeconds: 0, giveUpSeconds: 0 });
    expect(result).toMatchObject({ submitted: 0, failed: 1, errors: [] });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.userId, buyer.id));
    expect(order!.status).toBe('cancelled');
    expect(await stockOf(t.database.db, product.id)).toBe(10);
    expect(await paymentsOf(buyer.id)).toEqual([expect.objectContaining({ status: 'failed' })]);
  });
});
