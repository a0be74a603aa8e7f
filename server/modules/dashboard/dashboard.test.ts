import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../db/seed/seed.js';
import { createAppContext } from '../../modules.js';
import { createCategory, createProduct, shippingAddress } from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDatabase(createAppContext(t.database.db, t.config));
});
afterAll(() => t.close());

const investigation = {
  serviceType: 'background-check',
  subject: 'Pre-employment check: CFO candidate',
  description:
    'Verify identity, education and employment history of our shortlisted CFO candidate before the offer.',
  authorizedRepresentative: 'Asha Rao',
  legalBasis: 'Written consent of the candidate on file',
  targetInformation: 'Full name, date of birth and last three employers',
  expectedTimeframe: 'Within two weeks',
  lawfulPurposeDeclaration: true,
  noHarassmentDeclaration: true,
  complianceAgreement: true,
};

async function member() {
  const account = await registerUser(t.app);
  return account;
}

describe('GET /api/dashboard/summary', () => {
  it("counts the user's own records only, lists open missions, activity in words and recent orders", async () => {
    const user = await member();
    const fresh = (await asUser(t.app, user).get('/api/dashboard/summary')).json();
    expect(fresh.counts).toEqual({
      openCases: 0,
      investigations: 0,
      activeInvestigations: 0,
      orders: 0,
      inquiries: 0,
    });
    expect(fresh.recentActivity.map((entry: { description: string }) => entry.description)).toContain(
      'Account created',
    );

    expect((await asUser(t.app, user).post('/api/investigations', investigation)).statusCode).toBe(201);
    const product = await createProduct(t.database.db, (await createCategory(t.database.db)).id);
    await asUser(t.app, user).post('/api/cart', { productId: product.id, quantity: 1 });
    const order = await asUser(t.app, user).post('/api/orders', {
      shippingAddress,
      paymentMethod: 'stripe',
    });
    expect(order.statusCode).toBe(201);
    await asUser(t.app, user).post('/api/upgrade-tier', { tier: 2 });

    const other = await member();
    await asUser(t.app, other).post('/api/investigations', investigation);

    const summary = (await asUser(t.app, user).get('/api/dashboard/summary')).json();
    expect(summary.counts).toEqual({
      openCases: 0,
      investigations: 1,
      activeInvestigations: 1,
      orders: 1,
      inquiries: 0,
    });
    expect(summary.missions).toEqual([
      expect.objectContaining({ kind: 'investigation', title: investigation.subject, status: 'PENDING' }),
    ]);
    expect(summary.recentOrders).toEqual([
      expect.objectContaining({ orderNumber: order.json().orderNumber, status: 'paid', currency: 'INR' }),
    ]);
    expect(summary.recentActivity.map((entry: { description: string }) => entry.description)).toEqual(
      expect.arrayContaining(['Access tier changed from 1 to 2', 'Investigation requested']),
    );
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/dashboard/summary' })).statusCode).toBe(401);
  });
});
