import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GST_RATE_MESSAGE, HSN_CODE_MESSAGE } from '../../../contract/catalog.js';
import { auditLog, notifications, products } from '../../db/schema/index.js';
import {
  createCategory,
  createProduct,
  setUserTier,
  shippingAddress,
  verifyEmail,
} from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.js';

let smtp: TestSmtpServer;
let t: TestApp;
let category: { id: string; slug: string };
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_RETRY_DELAY_SECONDS: '1' }, { jobs: true });
  category = await createCategory(t.database.db);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const application = {
  companyName: 'Nightjar Optics',
  contactEmail: 'sales@nightjar.example',
  phone: '+91 98450 12345',
  businessType: 'manufacturer',
  description: 'We design and build thermal and night vision optics for security teams across India.',
  certifications: ['ISO 9001'],
};

async function account(tier = 1) {
  const user = await registerUser(t.app);
  if (tier !== 1) await setUserTier(t, user.id, tier);
  return user;
}

let directorAccount: Awaited<ReturnType<typeof account>> | null = null;
/** The Director who reviews; their address is verified, so staff alerts reach them by e-mail too. */
async function director() {
  if (!directorAccount) {
    directorAccount = await account(4);
    await verifyEmail(t, directorAccount.id);
  }
  return directorAccount;
}

/** A user whose application a Director approved. */
async function approvedVendor() {
  const vendor = await account();
  const created = await asUser(t.app, vendor).post('/api/vendor/applications', application);
  expect(created.statusCode).toBe(201);
  const reviewed = await asUser(t.app, await director()).patch(
    `/api/vendor/applications/${created.json().id}`,
    { status: 'APPROVED' },
  );
  expect(reviewed.statusCode).toBe(200);
  return vendor;
}

const newProduct = (overrides: Record<string, unknown> = {}) => ({
  name: 'Thermal Monocular TX-9',
  description: 'A pocket thermal monocular with a 384 pixel sensor and six hours of battery.',
  price: '45999.50',
  categoryId: category.id,
  minimumTier: 1,
  stockCount: 12,
  ...overrides,
});

async function vendorProduct(vendor: Awaited<ReturnType<typeof account>>, overrides = {}) {
  const response = await asUser(t.app, vendor).post('/api/vendor/products', newProduct(overrides));
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; name: string; approvalStatus: string; slug: string };
}

describe('vendor applications', () => {
  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/vendor/applications' })).statusCode).toBe(401);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/vendor/applications',
      payload: application,
    });
    expect(post.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/vendor/stats' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/vendor/products' })).statusCode).toBe(401);
  });

  it('creates a PENDING application and lists the user’s own, newest first', async () => {
    const user = await account();
    const created = await asUser(t.app, user).post('/api/vendor/applications', {
      ...application,
      certifications: [],
      status: 'APPROVED',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      companyName: 'Nightjar Optics',
      businessType: 'manufacturer',
      certifications: [],
      status: 'PENDING',
      reviewedAt: null,
      userId: user.id,
    });
    const other = await account();
    await asUser(t.app, other).post('/api/vendor/applications', { ...application, companyName: 'Other Co' });
    const list = (await asUser(t.app, user).get('/api/vendor/applications')).json();
    expect(list.map((a: { companyName: string }) => a.companyName)).toEqual(['Nightjar Optics']);
  });

  it('tells every Director an application waits for review', async () => {
    const boss = await director();
    const user = await account();
    const created = await asUser(t.app, user).post('/api/vendor/applications', {
      ...application,
      companyName: 'Kestrel Surveillance',
      businessType: 'service_provider',
    });
    expect(created.statusCode).toBe(201);

    const alert = `${user.email} applied to sell as Kestrel Surveillance (service provider); review the application.`;
    expect((await asUser(t.app, boss).get('/api/notifications')).json()).toContainEqual(
      expect.objectContaining({
        type: 'other',
        title: 'Vendor application received',
        message: alert,
        actionUrl: '/vendor',
      }),
    );
    const mail = await smtp.waitFor((m) => m.to.includes(boss.email) && m.text.includes(alert));
    expect(mail.subject).toBe('Vendor application received');
    expect(mail.text.split('\n')).toContain('http://127.0.0.1:5000/vendor');

    // A refused second application tells nobody.
    const alerts = () => t.database.db.select().from(notifications).where(eq(notifications.userId, boss.id));
    const before = (await alerts()).length;
    expect((await asUser(t.app, user).post('/api/vendor/applications', application)).statusCode).toBe(409);
    expect(await alerts()).toHaveLength(before);
  });

  it('treats certifications as optional', async () => {
    const user = await account();
    const { certifications: _certifications, ...withoutCertifications } = application;
    const created = await asUser(t.app, user).post('/api/vendor/applications', withoutCertifications);
    expect(created.statusCode).toBe(201);
    expect(created.json().certifications).toEqual([]);
  });

  it('answers 400 with the form’s messages', async () => {
    const user = await account();
    const response = await asUser(t.app, user).post('/api/vendor/applications', {
      companyName: 'N',
      contactEmail: 'not-an-email',
      phone: '12345',
      businessType: 'smuggler',
      description: 'Too short',
      certifications: 'ISO',
    });
    expect(response.statusCode).toBe(400);
    const messages = Object.fromEntries(
      (response.json().issues as { path: string; message: string }[]).map((i) => [i.path, i.message]),
    );
    expect(messages).toMatchObject({
      companyName: 'Company name must be at least 2 characters',
      contactEmail: 'Valid email is required',
      phone: 'Valid phone number is required',
      businessType: 'Business type is required',
      description: 'Description must be at least 50 characters',
      certifications: 'Certifications must be a list',
    });
  });

  it('refuses a second application while one is PENDING or APPROVED (409), allows one after a rejection', async () => {
    const user = await account();
    const first = await asUser(t.app, user).post('/api/vendor/applications', application);
    expect(first.statusCode).toBe(201);
    const [again, atOnce] = await Promise.all([
      asUser(t.app, user).post('/api/vendor/applications', application),
      asUser(t.app, user).post('/api/vendor/applications', application),
    ]);
    expect([again.statusCode, atOnce.statusCode]).toEqual([409, 409]);
    expect(again.json().code).toBe('CONFLICT');

    const boss = await director();
    await asUser(t.app, boss).patch(`/api/vendor/applications/${first.json().id}`, { status: 'REJECTED' });
    expect((await asUser(t.app, user).post('/api/vendor/applications', application)).statusCode).toBe(201);
    expect((await asUser(t.app, user).get('/api/vendor/applications')).json()).toHaveLength(2);

    const vendor = await approvedVendor();
    expect((await asUser(t.app, vendor).post('/api/vendor/applications', application)).statusCode).toBe(409);
  });

  it('lists everyone’s with scope=all for Directors only', async () => {
    const user = await account();
    await asUser(t.app, user).post('/api/vendor/applications', {
      ...application,
      companyName: 'Scope Test Ltd',
    });
    const denied = await asUser(t.app, user).get('/api/vendor/applications?scope=all');
    expect(denied.statusCode).toBe(403);
    const boss = await director();
    const all = (await asUser(t.app, boss).get('/api/vendor/applications?scope=all&status=PENDING')).json();
    expect(all.some((a: { companyName: string }) => a.companyName === 'Scope Test Ltd')).toBe(true);
    expect(all.every((a: { status: string }) => a.status === 'PENDING')).toBe(true);
    expect((await asUser(t.app, boss).get('/api/vendor/applications?scope=everyone')).statusCode).toBe(400);
  });

  it('lets a Director approve a PENDING application once: reviewer recorded, applicant notified, audited', async () => {
    const user = await account();
    const { id } = (await asUser(t.app, user).post('/api/vendor/applications', application)).json();
    const boss = await director();
    const reviewed = await asUser(t.app, boss).patch(`/api/vendor/applications/${id}`, {
      status: 'APPROVED',
      reviewNote: 'Welcome aboard',
    });
    expect(reviewed.statusCode).toBe(200);
    expect(reviewed.json()).toMatchObject({ status: 'APPROVED', reviewNote: 'Welcome aboard' });
    expect(reviewed.json().reviewedAt).not.toBeNull();

    const again = await asUser(t.app, boss).patch(`/api/vendor/applications/${id}`, { status: 'REJECTED' });
    expect(again.statusCode).toBe(409);

    const bell = (await asUser(t.app, user).get('/api/notifications')).json();
    expect(bell[0]).toMatchObject({ title: 'Vendor application approved', actionUrl: '/vendor' });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'vendor.application_reviewed'), eq(auditLog.subject, id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.userId).toBe(boss.id);
  });

  it('keeps reviews to Directors and answers 404 for unknown ids, 400 for other statuses', async () => {
    const user = await account();
    const { id } = (await asUser(t.app, user).post('/api/vendor/applications', application)).json();
    const self = await asUser(t.app, user).patch(`/api/vendor/applications/${id}`, { status: 'APPROVED' });
    expect(self.statusCode).toBe(403);
    const tier3 = await account(3);
    expect(
      (await asUser(t.app, tier3).patch(`/api/vendor/applications/${id}`, { status: 'APPROVED' })).statusCode,
    ).toBe(403);
    const boss = await director();
    for (const bad of ['nope', '00000000-0000-0000-0000-000000000000']) {
      expect(
        (await asUser(t.app, boss).patch(`/api/vendor/applications/${bad}`, { status: 'APPROVED' }))
          .statusCode,
      ).toBe(404);
    }
    expect(
      (await asUser(t.app, boss).patch(`/api/vendor/applications/${id}`, { status: 'PENDING' })).statusCode,
    ).toBe(400);
    const [notified] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user.id));
    expect(notified).toBeUndefined();
  });
});

describe('vendor products', () => {
  it('is refused with 403 until the user’s application is approved', async () => {
    const user = await account();
    const none = await asUser(t.app, user).post('/api/vendor/products', newProduct());
    expect(none.statusCode).toBe(403);
    expect(none.json().message).toBe('Apply as a vendor first');
    await asUser(t.app, user).post('/api/vendor/applications', application);
    expect((await asUser(t.app, user).post('/api/vendor/products', newProduct())).statusCode).toBe(403);
  });

  it('creates a pending product owned by the vendor, by category id or slug', async () => {
    const vendor = await approvedVendor();
    const created = await asUser(t.app, vendor).post('/api/vendor/products', newProduct({ price: 1250 }));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Thermal Monocular TX-9',
      price: '1250.00',
      approvalStatus: 'pending',
      vendorId: vendor.id,
      stockCount: 12,
      inStock: true,
      category: { id: category.id },
    });
    // Without a tax classification it gets the catalogue's defaults, for a Director to correct.
    expect(created.json()).toMatchObject({ hsnCode: '8543', gstRate: '18' });
    const { categoryId: _categoryId, ...bySlug } = newProduct({ name: 'Body Camera BX' });
    const second = await asUser(t.app, vendor).post('/api/vendor/products', {
      ...bySlug,
      category: category.slug,
      hsnCode: '85258900',
      gstRate: 18,
    });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ hsnCode: '85258900', gstRate: '18' });
    const own = (await asUser(t.app, vendor).get('/api/vendor/products')).json();
    expect(own.map((p: { name: string }) => p.name)).toEqual(['Body Camera BX', 'Thermal Monocular TX-9']);
    const stranger = await account();
    expect((await asUser(t.app, stranger).get('/api/vendor/products')).json()).toEqual([]);
  });

  it('answers 400 with clear messages', async () => {
    const vendor = await approvedVendor();
    const response = await asUser(t.app, vendor).post('/api/vendor/products', {
      name: 'X',
      description: 'short',
      price: '-5',
      categoryId: '',
      minimumTier: 5,
      stockCount: -1,
      imageUrl: 'javascript:alert(1)',
      hsnCode: '12a4',
      gstRate: '13',
    });
    expect(response.statusCode).toBe(400);
    const messages = Object.fromEntries(
      (response.json().issues as { path: string; message: string }[]).map((i) => [i.path, i.message]),
    );
    expect(messages).toMatchObject({
      name: 'Product name must be at least 2 characters',
      description: 'Description must be at least 20 characters',
      price: 'Price must be a positive amount with at most 2 decimals',
      minimumTier: 'Minimum tier must be between 1 and 4',
      stockCount: 'Stock must be a whole number of 0 or more',
      imageUrl: 'Please enter a valid URL',
      hsnCode: HSN_CODE_MESSAGE,
      gstRate: GST_RATE_MESSAGE,
    });
    const unknownCategory = await asUser(t.app, vendor).post(
      '/api/vendor/products',
      newProduct({ categoryId: '00000000-0000-0000-0000-000000000000' }),
    );
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json().message).toBe('Category is required');
    const badId = await asUser(t.app, vendor).post(
      '/api/vendor/products',
      newProduct({ categoryId: 'nope' }),
    );
    expect(badId.statusCode).toBe(400);
  });

  it('never shows or sells a pending product: list, detail, search, cart, checkout', async () => {
    const vendor = await approvedVendor();
    const product = await vendorProduct(vendor, { name: 'Quokkascope Pending Unit' });
    const shopper = await account();

    const list = (await t.app.inject({ url: `/api/products?category=${category.slug}&limit=200` })).json();
    expect(list.some((p: { id: string }) => p.id === product.id)).toBe(false);
    const searched = (await t.app.inject({ url: '/api/products?q=quokkascope' })).json();
    expect(searched).toEqual([]);
    expect((await t.app.inject({ url: `/api/products/${product.id}` })).statusCode).toBe(404);
    expect((await asUser(t.app, vendor).get(`/api/products/${product.id}`)).statusCode).toBe(404);
    const search = (await t.app.inject({ url: '/api/search?q=quokkascope' })).json();
    expect(search.filter((r: { type: string }) => r.type === 'product')).toEqual([]);
    const add = await asUser(t.app, shopper).post('/api/cart', { productId: product.id, quantity: 1 });
    expect(add.statusCode).toBe(404);
  });

  it('lists, finds and sells a product once a Director approves it, and stops when rejected', async () => {
    const vendor = await approvedVendor();
    const product = await vendorProduct(vendor, { name: 'Wombatlens Approved Unit' });
    const boss = await director();
    const approved = await asUser(t.app, boss).patch(`/api/vendor/products/${product.id}`, {
      approvalStatus: 'approved',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().approvalStatus).toBe('approved');

    expect((await t.app.inject({ url: `/api/products/${product.id}` })).statusCode).toBe(200);
    const list = (await t.app.inject({ url: '/api/products?q=wombatlens' })).json();
    expect(list.map((p: { id: string }) => p.id)).toEqual([product.id]);
    const search = (await t.app.inject({ url: '/api/search?q=wombatlens' })).json();
    expect(search.some((r: { id: string }) => r.id === product.id)).toBe(true);

    const shopper = await account();
    const line = await asUser(t.app, shopper).post('/api/cart', { productId: product.id, quantity: 1 });
    expect(line.statusCode).toBe(201);
    const notified = (await asUser(t.app, vendor).get('/api/notifications')).json();
    expect(notified[0]).toMatchObject({ title: 'Product approved' });

    // Rejected after it reached a cart: it leaves the marketplace, the cart and the checkout.
    const rejected = await asUser(t.app, boss).patch(`/api/vendor/products/${product.id}`, {
      approvalStatus: 'rejected',
    });
    expect(rejected.statusCode).toBe(200);
    await t.settled();
    expect((await t.app.inject({ url: `/api/products/${product.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/products?q=wombatlens' })).json()).toEqual([]);
    expect((await asUser(t.app, shopper).get('/api/cart')).json()).toEqual([]);
    const raise = await t.app.inject({
      method: 'PUT',
      url: `/api/cart/${line.json().id}`,
      headers: { cookie: shopper.cookie },
      payload: { quantity: 2 },
    });
    expect(raise.statusCode).toBe(404);
    const checkout = await asUser(t.app, shopper).post('/api/orders', {
      shippingAddress,
      paymentMethod: 'stripe',
    });
    expect(checkout.statusCode).toBe(400);
    expect(checkout.json().message).toBe('Your cart is empty');
    const [row] = await t.database.db
      .select({ stockCount: products.stockCount })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row!.stockCount).toBe(12);
  });

  it('keeps product reviews to Directors, for vendor products only', async () => {
    const vendor = await approvedVendor();
    const product = await vendorProduct(vendor);
    const patch = { approvalStatus: 'approved' };
    expect((await asUser(t.app, vendor).patch(`/api/vendor/products/${product.id}`, patch)).statusCode).toBe(
      403,
    );
    const boss = await director();
    const own = await createProduct(t.database.db, category.id);
    expect((await asUser(t.app, boss).patch(`/api/vendor/products/${own.id}`, patch)).statusCode).toBe(404);
    expect((await asUser(t.app, boss).patch('/api/vendor/products/nope', patch)).statusCode).toBe(404);
    expect(
      (await asUser(t.app, boss).patch(`/api/vendor/products/${product.id}`, { approvalStatus: 'pending' }))
        .statusCode,
    ).toBe(400);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.subject, product.id));
    expect(entries).toHaveLength(0);
  });

  it('gives Directors the queue of pending vendor products (scope=pending), others 403', async () => {
    const vendor = await approvedVendor();
    const product = await vendorProduct(vendor, { name: 'Queue Item' });
    expect((await asUser(t.app, vendor).get('/api/vendor/products?scope=pending')).statusCode).toBe(403);
    const queue = (await asUser(t.app, await director()).get('/api/vendor/products?scope=pending')).json();
    expect(queue.some((p: { id: string }) => p.id === product.id)).toBe(true);
    expect(queue.every((p: { approvalStatus: string }) => p.approvalStatus === 'pending')).toBe(true);
  });
});

describe('GET /api/vendor/stats', () => {
  it('counts the vendor’s products and what paid orders bought of them', async () => {
    const vendor = await approvedVendor();
    const empty = (await asUser(t.app, vendor).get('/api/vendor/stats')).json();
    expect(empty).toEqual({
      totalProducts: 0,
      approvedProducts: 0,
      pendingProducts: 0,
      unitsSold: 0,
      revenue: '0.00',
      orders: 0,
    });

    const sold = await vendorProduct(vendor, { name: 'Sold Unit', price: '100.50' });
    await vendorProduct(vendor, { name: 'Waiting Unit' });
    const boss = await director();
    await asUser(t.app, boss).patch(`/api/vendor/products/${sold.id}`, { approvalStatus: 'approved' });
    const someoneElses = await createProduct(t.database.db, category.id);

    for (const quantity of [2, 3]) {
      const shopper = await account();
      await asUser(t.app, shopper).post('/api/cart', { productId: sold.id, quantity });
      await asUser(t.app, shopper).post('/api/cart', { productId: someoneElses.id, quantity: 1 });
      const order = await asUser(t.app, shopper).post('/api/orders', {
        shippingAddress,
        paymentMethod: 'stripe',
      });
      expect(order.statusCode).toBe(201);
    }
    // A crypto order stays pending until paid: not a sale yet.
    const pending = await account();
    await asUser(t.app, pending).post('/api/cart', { productId: sold.id, quantity: 1 });
    await asUser(t.app, pending).post('/api/orders', { shippingAddress, paymentMethod: 'crypto' });

    expect((await asUser(t.app, vendor).get('/api/vendor/stats')).json()).toEqual({
      totalProducts: 2,
      approvedProducts: 1,
      pendingProducts: 1,
      unitsSold: 5,
      revenue: '502.50',
      orders: 2,
    });
    const stranger = await account();
    expect((await asUser(t.app, stranger).get('/api/vendor/stats')).json().totalProducts).toBe(0);
  });
});
