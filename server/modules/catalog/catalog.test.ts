import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../db/seed/seed.js';
import { createAppContext } from '../../modules.js';
import { createCategory, createProduct, setUserTier, shippingAddress } from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';
import { toPrefixQuery } from '../../lib/search-text.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDatabase(createAppContext(t.database.db, t.config));
});
afterAll(() => t.close());

const list = async (query = '') => {
  const response = await asUser(t.app).get(`/api/products${query}`);
  return {
    status: response.statusCode,
    body: response.json(),
    total: Number(response.headers['x-total-count']),
  };
};

describe('GET /api/categories', () => {
  it('lists the four categories in catalogue order, publicly', async () => {
    const response = await t.app.inject({ url: '/api/categories' });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((c: { slug: string }) => c.slug)).toEqual([
      'surveillance-audio',
      'protection-gear',
      'counter-surveillance',
      'secure-devices',
    ]);
  });
});

describe('GET /api/products', () => {
  it('lists products with their category, the total in X-Total-Count, paged by limit and offset', async () => {
    const all = await list();
    expect(all.status).toBe(200);
    expect(all.total).toBe(28);
    expect(all.body).toHaveLength(28);
    expect(all.body[0]).toMatchObject({
      id: expect.any(String),
      price: expect.stringMatching(/^\d+\.\d{2}$/),
      category: { slug: 'surveillance-audio' },
      averageRating: null,
      reviewCount: 0,
    });
    expect(all.body[0]).not.toHaveProperty('searchVector');

    const page = await list('?limit=5&offset=5');
    expect(page.total).toBe(28);
    expect(page.body.map((p: { id: string }) => p.id)).toEqual(
      all.body.slice(5, 10).map((p: { id: string }) => p.id),
    );
  });

  it('filters by category slug, tier and stock, and sorts on the server', async () => {
    const category = await list('?category=protection-gear');
    expect(category.total).toBe(7);
    expect(
      category.body.every((p: { category: { slug: string } }) => p.category.slug === 'protection-gear'),
    ).toBe(true);
    expect((await list('?category=no-such-category')).total).toBe(0);

    const tier2 = await list('?tier=2');
    expect(tier2.body.every((p: { minimumTier: number }) => p.minimumTier === 2)).toBe(true);
    expect(tier2.total).toBeGreaterThan(0);

    const out = await list('?stock=out-of-stock');
    const inStock = await list('?stock=in-stock');
    expect(out.body.every((p: { inStock: boolean }) => !p.inStock)).toBe(true);
    expect(out.total + inStock.total).toBe(28);

    const prices = (body: { price: string }[]) => body.map((p) => Number(p.price));
    const low = prices((await list('?sort=price-low')).body);
    expect(low).toEqual([...low].sort((a, b) => a - b));
    const high = prices((await list('?sort=price-high')).body);
    expect(high).toEqual([...high].sort((a, b) => b - a));
    const names = (await list('?sort=name')).body.map((p: { name: string }) => p.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('searches names and descriptions by word prefix, safely', async () => {
    const thermal = await list('?q=therm');
    expect(thermal.total).toBeGreaterThan(0);
    for (const p of thermal.body) expect(`${p.name} ${p.description}`.toLowerCase()).toContain('therm');
    expect((await list('?q=zzzzqqq')).total).toBe(0);
    // tsquery syntax in the input is just text, never a 500.
    for (const q of ["'", '&|!', 'a:*', '(', '\\']) {
      const response = await list(`?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
    }
    expect(toPrefixQuery('Thermal  mono-cular!')).toBe('thermal:* & mono:* & cular:*');
  });

  it('answers 400 for invalid filters', async () => {
    for (const query of [
      '?sort=cheapest',
      '?stock=some',
      '?tier=9',
      '?limit=0',
      '?limit=201',
      `?q=${'x'.repeat(101)}`,
    ]) {
      const response = await list(query);
      expect(response.status, query).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('GET /api/products/:id', () => {
  it('answers one product, or a 404 error body for unknown and malformed ids', async () => {
    const [first] = (await list('?limit=1')).body;
    const response = await t.app.inject({ url: `/api/products/${first.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...first, canReview: false });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', '1']) {
      const missing = await t.app.inject({ url: `/api/products/${id}` });
      expect(missing.statusCode, id).toBe(404);
      expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'Product not found' });
    }
  });
});

describe('reviews', () => {
  it('lets a buyer review once, shows the review and updates the average', async () => {
    const category = await createCategory(t.database.db);
    const product = await createProduct(t.database.db, category.id);
    const buyer = await registerUser(t.app);
    const other = await registerUser(t.app);
    const url = `/api/products/${product.id}/reviews`;
    const review = { rating: 4, body: 'Solid build, the battery lasts a full shift.' };

    expect((await asUser(t.app, null).post(url, review)).statusCode).toBe(401);
    const notBuyer = await asUser(t.app, other).post(url, review);
    expect(notBuyer.statusCode).toBe(403);
    expect(notBuyer.json().message).toBe('Only customers who bought this product can review it');

    await asUser(t.app, buyer).post('/api/cart', { productId: product.id, quantity: 1 });
    const order = await asUser(t.app, buyer).post('/api/orders', {
      shippingAddress,
      paymentMethod: 'stripe',
    });
    expect(order.statusCode).toBe(201);
    expect((await asUser(t.app, buyer).get(`/api/products/${product.id}`)).json().canReview).toBe(true);

    for (const bad of [
      { rating: 0, body: review.body },
      { rating: 6, body: review.body },
      { rating: 3, body: 'short' },
    ]) {
      expect((await asUser(t.app, buyer).post(url, bad)).statusCode).toBe(400);
    }
    const created = await asUser(t.app, buyer).post(url, review);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ rating: 4, body: review.body, authorName: 'Verified buyer' });
    expect((await asUser(t.app, buyer).post(url, review)).statusCode).toBe(409);

    expect((await asUser(t.app, null).get(url)).json()).toEqual([created.json()]);
    const detail = (await asUser(t.app, buyer).get(`/api/products/${product.id}`)).json();
    expect(detail).toMatchObject({ averageRating: 4, reviewCount: 1, canReview: false });
    expect((await asUser(t.app, null).get('/api/products/not-an-id/reviews')).statusCode).toBe(404);
  });
});

describe("a product's HSN code and GST rate (Directors)", () => {
  async function director() {
    const account = await registerUser(t.app);
    await setUserTier(t, account.id, 4);
    return account;
  }

  it('are on every product, and a Director changes them; an order placed before keeps its own', async () => {
    const category = await createCategory(t.database.db);
    const product = await createProduct(t.database.db, category.id, { hsnCode: '8525', gstRate: '18' });
    expect((await asUser(t.app).get(`/api/products/${product.id}`)).json()).toMatchObject({
      hsnCode: '8525',
      gstRate: '18',
    });
    const seeded = (await list('?limit=1')).body[0];
    expect(seeded).toMatchObject({
      hsnCode: expect.stringMatching(/^\d{4,8}$/),
      gstRate: expect.any(String),
    });

    // Sold at 18 % with HSN 8525.
    const buyer = await registerUser(t.app);
    await asUser(t.app, buyer).post('/api/cart', { productId: product.id, quantity: 1 });
    const order = await asUser(t.app, buyer).post('/api/orders', {
      shippingAddress,
      paymentMethod: 'stripe',
    });
    expect(order.statusCode).toBe(201);

    const boss = await director();
    const changed = await asUser(t.app, boss).patch(`/api/products/${product.id}`, {
      hsnCode: ' 85258900 ',
      gstRate: 5,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: product.id, hsnCode: '85258900', gstRate: '5' });
    expect((await asUser(t.app).get(`/api/products/${product.id}`)).json()).toMatchObject({
      hsnCode: '85258900',
      gstRate: '5',
    });
    // Either alone, the other kept; a rate's string form is the slab's.
    const rateOnly = await asUser(t.app, boss).patch(`/api/products/${product.id}`, { gstRate: '0.25' });
    expect(rateOnly.json()).toMatchObject({ hsnCode: '85258900', gstRate: '0.25' });
    const hsnOnly = await asUser(t.app, boss).patch(`/api/products/${product.id}`, { hsnCode: '852589' });
    expect(hsnOnly.json()).toMatchObject({ hsnCode: '852589', gstRate: '0.25' });

    // The order sold before still carries what it was sold at.
    const [line] = (await asUser(t.app, buyer).get(`/api/orders/${order.json().id}`)).json().lines;
    expect(line).toMatchObject({ hsnCode: '8525', gstRate: '18' });

    const { rows } = await t.database.pool.query(
      `select details from audit_log where action = 'product.tax_changed' and subject = $1 order by created_at`,
      [product.id],
    );
    expect(rows[0].details).toEqual({
      before: { hsnCode: '8525', gstRate: '18' },
      after: { hsnCode: '85258900', gstRate: '5' },
    });
  });

  it('refuses a bad HSN code, a rate that is not a slab, an empty change, others than Directors, unknown ids', async () => {
    const category = await createCategory(t.database.db);
    const product = await createProduct(t.database.db, category.id);
    const boss = await director();
    const url = `/api/products/${product.id}`;
    for (const [body, message] of [
      [{ hsnCode: '852' }, 'HSN code must be 4, 6 or 8 digits'],
      [{ hsnCode: '85251' }, 'HSN code must be 4, 6 or 8 digits'],
      [{ hsnCode: '8525A' }, 'HSN code must be 4, 6 or 8 digits'],
      [{ hsnCode: 8525 }, 'HSN code must be 4, 6 or 8 digits'],
      [{ gstRate: '12' }, 'GST rate must be one of 0, 0.25, 1.5, 3, 5, 18, 28 or 40 percent'],
      [{ gstRate: 12 }, 'GST rate must be one of 0, 0.25, 1.5, 3, 5, 18, 28 or 40 percent'],
      [{ gstRate: 'eighteen' }, 'GST rate must be one of 0, 0.25, 1.5, 3, 5, 18, 28 or 40 percent'],
      [{ gstRate: null }, 'GST rate must be one of 0, 0.25, 1.5, 3, 5, 18, 28 or 40 percent'],
      [{}, 'Give an HSN code or a GST rate to change'],
      [{ price: '1.00' }, 'Give an HSN code or a GST rate to change'],
    ] as const) {
      const response = await asUser(t.app, boss).patch(url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
      expect(response.json().issues.map((issue: { message: string }) => issue.message)).toContain(message);
    }

    const member = await registerUser(t.app);
    await setUserTier(t, member.id, 3);
    const refused = await asUser(t.app, member).patch(url, { hsnCode: '8525', gstRate: '5' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'TIER_REQUIRED', requiredTier: 4 });
    expect((await asUser(t.app, null).patch(url, { gstRate: '5' })).statusCode).toBe(401);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect((await asUser(t.app, boss).patch(`/api/products/${id}`, { gstRate: '5' })).statusCode).toBe(404);
    }
    // Nothing changed.
    expect((await asUser(t.app).get(url)).json()).toMatchObject({ hsnCode: '8543', gstRate: '18' });
  });
});
