import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct, setUserTier } from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';

let t: TestApp;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(() => t.close());

async function signedIn() {
  const account = await registerUser(t.app);
  return account;
}

describe('cart', () => {
  it('requires a session for every call', async () => {
    const product = await createProduct(t.database.db, categoryId);
    const calls = [
      t.app.inject({ url: '/api/cart' }),
      t.app.inject({ method: 'POST', url: '/api/cart', payload: { productId: product.id, quantity: 1 } }),
      t.app.inject({ method: 'PUT', url: `/api/cart/${product.id}`, payload: { quantity: 1 } }),
      t.app.inject({ method: 'DELETE', url: `/api/cart/${product.id}` }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('adds a product, raises the line when added again, and lists lines with their product', async () => {
    const user = await signedIn();
    const product = await createProduct(t.database.db, categoryId, { price: '18499.50' });
    const first = await asUser(t.app, user).post('/api/cart', { productId: product.id, quantity: 1 });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ quantity: 1, product: { id: product.id, price: '18499.50' } });
    const second = await asUser(t.app, user).post('/api/cart', { productId: product.id, quantity: 2 });
    expect(second.json()).toMatchObject({ id: first.json().id, quantity: 3 });

    const list = await asUser(t.app, user).get('/api/cart');
    expect(list.json()).toEqual([
      {
        id: first.json().id,
        quantity: 3,
        product: {
          id: product.id,
          name: product.name,
          price: '18499.50',
          imageUrl: null,
          minimumTier: 1,
          inStock: true,
          stockCount: 50,
        },
      },
    ]);
  });

  it('defaults the quantity to 1 and validates it as a whole number from 1 to 99', async () => {
    const user = await signedIn();
    const product = await createProduct(t.database.db, categoryId, { stockCount: null });
    expect((await asUser(t.app, user).post('/api/cart', { productId: product.id })).json().quantity).toBe(1);
    for (const quantity of [0, -1, 100, 1.5, '2', null]) {
      const response = await asUser(t.app, user).post('/api/cart', { productId: product.id, quantity });
      expect(response.statusCode, String(quantity)).toBe(400);
      expect(response.json().issues[0].path).toBe('quantity');
    }
    expect(
      (await asUser(t.app, user).post('/api/cart', { productId: 'not-a-uuid', quantity: 1 })).statusCode,
    ).toBe(400);
    // 1 already in the cart: 99 more would pass the cap.
    const capped = await asUser(t.app, user).post('/api/cart', { productId: product.id, quantity: 99 });
    expect(capped.statusCode).toBe(400);
    expect(capped.json().message).toBe('Quantity must be at most 99');
  });

  it('refuses more than the stock with 400, out of stock with 409, a higher tier with 403 and unknown with 404', async () => {
    const user = await signedIn();
    const limited = await createProduct(t.database.db, categoryId, { stockCount: 3, name: 'Lens Finder' });
    const over = await asUser(t.app, user).post('/api/cart', { productId: limited.id, quantity: 4 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('Only 3 of Lens Finder in stock');

    const gone = await createProduct(t.database.db, categoryId, { stockCount: 0, name: 'Sold Out Kit' });
    const out = await asUser(t.app, user).post('/api/cart', { productId: gone.id, quantity: 1 });
    expect(out.statusCode).toBe(409);
    expect(out.json()).toEqual({ code: 'OUT_OF_STOCK', message: 'Sold Out Kit is out of stock' });

    const restricted = await createProduct(t.database.db, categoryId, { minimumTier: 3 });
    const tier = await asUser(t.app, user).post('/api/cart', { productId: restricted.id, quantity: 1 });
    expect(tier.statusCode).toBe(403);
    expect(tier.json()).toMatchObject({ code: 'TIER_REQUIRED', requiredTier: 3 });
    await setUserTier(t, user.id, 3);
    expect(
      (await asUser(t.app, user).post('/api/cart', { productId: restricted.id, quantity: 1 })).statusCode,
    ).toBe(201);

    const unknown = await asUser(t.app, user).post('/api/cart', {
      productId: '00000000-0000-4000-8000-000000000000',
      quantity: 1,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("changes and removes only the user's own lines", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const product = await createProduct(t.database.db, categoryId, { stockCount: 5 });
    const line = (
      await asUser(t.app, owner).post('/api/cart', { productId: product.id, quantity: 1 })
    ).json();

    for (const response of [
      await asUser(t.app, other).put(`/api/cart/${line.id}`, { quantity: 2 }),
      await asUser(t.app, other).delete(`/api/cart/${line.id}`),
      await asUser(t.app, owner).put('/api/cart/not-a-uuid', { quantity: 2 }),
      await asUser(t.app, owner).delete('/api/cart/00000000-0000-4000-8000-000000000000'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    expect((await asUser(t.app, other).get('/api/cart')).json()).toEqual([]);

    const updated = await asUser(t.app, owner).put(`/api/cart/${line.id}`, { quantity: 4 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().quantity).toBe(4);
    expect((await asUser(t.app, owner).put(`/api/cart/${line.id}`, { quantity: 6 })).statusCode).toBe(400);
    expect((await asUser(t.app, owner).put(`/api/cart/${line.id}`, { quantity: 0 })).statusCode).toBe(400);

    expect((await asUser(t.app, owner).delete(`/api/cart/${line.id}`)).statusCode).toBe(204);
    expect((await asUser(t.app, owner).get('/api/cart')).json()).toEqual([]);
  });
});
