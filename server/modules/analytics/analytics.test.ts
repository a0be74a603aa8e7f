import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchLog } from '../../db/schema/index.js';
import { createCategory, createProduct, setUserTier } from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async (query: string) => (await t.database.pool.query(query)).rows[0].n as number;

describe('analytics dashboard', () => {
  it('is for Directors only', async () => {
    expect((await t.app.inject({ url: '/api/analytics/dashboard' })).statusCode).toBe(401);
    const agent = await registerUser(t.app);
    await setUserTier(t, agent.id, 3);
    const refused = await t.app.inject({
      url: '/api/analytics/dashboard',
      headers: { cookie: agent.cookie },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'TIER_REQUIRED', requiredTier: 4 });
  });

  it('reports figures equal to counts made directly in the database', async () => {
    const director = await registerUser(t.app);
    await setUserTier(t, director.id, 4);
    const buyer = await registerUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: buyer.email, password: 'nope nope' },
    });

    const desktop = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0';
    const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 19_0 like Mac OS X) Mobile/15E148';
    const report = (paths: string[], userAgent: string, cookie?: string) =>
      asUser(t.app, cookie ? { cookie } : null, { 'user-agent': userAgent }).post('/api/analytics/events', {
        events: paths.map((path) => ({ path })),
      });
    expect((await report(['/', '/marketplace', '/marketplace?q=x'], desktop, buyer.cookie)).statusCode).toBe(
      202,
    );
    await report(['/team'], phone);
    expect((await report([], desktop)).statusCode).toBe(400);
    expect((await report(['not-a-path'], desktop)).statusCode).toBe(400);

    const category = await createCategory(t.database.db);
    const product = await createProduct(t.database.db, category.id);
    await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { cookie: buyer.cookie },
      payload: { productId: product.id, quantity: 1 },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: buyer.cookie },
      payload: {
        shippingAddress: {
          fullName: 'A B',
          line1: 'x',
          city: 'y',
          state: 'Goa',
          postalCode: '560001',
          country: 'India',
          phone: '9845012345',
        },
        paymentMethod: 'stripe',
      },
    });
    await t.database.db.insert(searchLog).values([
      { query: 'thermal', resultCount: 4, clicked: true },
      { query: 'thermal', resultCount: 4, clicked: false },
      { query: 'zzz', resultCount: 0 },
    ]);

    const response = await t.app.inject({
      url: '/api/analytics/dashboard',
      headers: { cookie: director.cookie },
    });
    expect(response.statusCode).toBe(200);
    const d = response.json();
    expect(d.overview.totalUsers).toBe(await count('select count(*)::int as n from users'));
    expect(d.overview.newUsers).toBe(d.overview.totalUsers);
    expect(d.userActivity.pageViews).toBe(4);
    expect(d.userActivity.topPages[0]).toEqual({ page: '/marketplace', views: 2, uniqueVisitors: 1 });
    expect(d.userActivity.deviceTypes).toEqual([
      { type: 'desktop', percentage: 75 },
      { type: 'mobile', percentage: 25 },
    ]);
    // Two visitors: one saw three pages, one saw one.
    expect(d.overview.bounceRate).toBe(50);
    expect(d.security.failedLogins).toBe(1);
    expect(d.security.loginAttempts).toBe(
      await count(
        "select count(*)::int as n from audit_log where action in ('auth.login_succeeded','auth.login_failed')",
      ),
    );
    expect(d.business.newOrders).toBe(1);
    expect(d.business.tierDistribution).toEqual([
      { tier: 1, count: 1, percentage: 33.3 },
      { tier: 3, count: 1, percentage: 33.3 },
      { tier: 4, count: 1, percentage: 33.3 },
    ]);
    expect(d.search).toEqual({
      totalSearches: 3,
      avgResultsPerQuery: 2.7,
      topQueries: [
        { query: 'thermal', count: 2, clickRate: 50 },
        { query: 'zzz', count: 1, clickRate: 0 },
      ],
      zeroResultQueries: [{ query: 'zzz', count: 1 }],
    });
  });

  it('counts every paid order and payment in its own currency, matching the sums made in SQL', async () => {
    const director = await registerUser(t.app);
    await setUserTier(t, director.id, 4);
    const buyer = await registerUser(t.app);
    const category = await createCategory(t.database.db);
    const product = await createProduct(t.database.db, category.id, { price: '390993.00' });
    const order = async (paymentMethod: string) => {
      await asUser(t.app, buyer).post('/api/cart', { productId: product.id, quantity: 1 });
      const placed = await asUser(t.app, buyer).post('/api/orders', {
        shippingAddress: {
          fullName: 'A B',
          line1: 'x',
          city: 'y',
          state: 'Goa',
          postalCode: '560001',
          country: 'India',
          phone: '9845012345',
        },
        paymentMethod,
      });
      expect(placed.statusCode).toBe(201);
      return placed.json<{ paymentId: string; currency: string }>();
    };
    // Paid by card (INR), and a bank transfer a Director confirms (INR): both count.
    expect((await order('stripe')).currency).toBe('INR');
    const transfer = await order('bank_transfer');
    await asUser(t.app, director).post(`/api/admin/payments/${transfer.paymentId}/confirm`, {});
    // A transfer nobody confirmed is not revenue yet.
    await order('crypto');
    // An upgrade (USD) by card counts; a payment in a third currency keeps its own line.
    expect((await asUser(t.app, buyer).post('/api/upgrade-tier', { tier: 2 })).statusCode).toBe(201);
    await asUser(t.app, buyer).post('/api/payments', { amount: '42.50', currency: 'EUR' });

    const d = (await asUser(t.app, director).get('/api/analytics/dashboard')).json<{
      business: { totalRevenue: number; revenue: { currency: string; amount: string; payments: number }[] };
    }>();
    // Paid orders from the orders table, every other completed payment from payments: summed per currency.
    const expected = (
      await t.database.pool.query<{ currency: string; amount: string }>(
        `select currency, sum(amount)::numeric(14, 2)::text as amount from (
           select o.currency, o.total as amount from orders o where o.status in ('paid', 'fulfilled')
           union all
           select p.currency, p.amount from payments p where p.status = 'completed' and p.purpose <> 'order'
         ) paid group by currency order by currency`,
      )
    ).rows;
    const byCurrency = [...d.business.revenue]
      .sort((a, b) => a.currency.localeCompare(b.currency))
      .map(({ currency, amount }) => ({ currency, amount }));
    expect(byCurrency).toEqual(expected);
    expect(byCurrency.map((entry) => entry.currency)).toEqual(['EUR', 'INR', 'USD']);
    // Two orders of Rs 3,90,993 at least (and the earlier test's order): the rupees are counted.
    expect(Number(byCurrency.find((entry) => entry.currency === 'INR')!.amount)).toBeGreaterThanOrEqual(
      781986,
    );
    expect(d.business.totalRevenue).toBe(
      Number(byCurrency.find((entry) => entry.currency === 'USD')!.amount),
    );
  });
});
