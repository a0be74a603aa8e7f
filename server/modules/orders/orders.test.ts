import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, mailOutbox, notifications, orders, payments } from '../../db/schema/index.js';
import {
  createCategory,
  createProduct,
  setUserTier,
  shippingAddress,
  stockOf,
  verifyEmail,
} from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.js';

let smtp: TestSmtpServer;
let t: TestApp;
let categoryId: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(
    { RATE_LIMIT_REGISTER_MAX: '500', SMTP_URL: smtp.url, MAIL_RETRY_DELAY_SECONDS: '1' },
    { jobs: true },
  );
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** A signed-in buyer; `verified` sets the address verified the way the verification link will. */
async function shopper({ verified = false } = {}) {
  const account = await registerUser(t.app);
  if (verified) {
    await verifyEmail(t, account.id);
  }
  const add = (productId: string, quantity: number) =>
    asUser(t.app, account).post('/api/cart', { productId, quantity });
  const checkout = (paymentMethod = 'stripe') =>
    asUser(t.app, account).post('/api/orders', { shippingAddress, paymentMethod });
  return { ...account, add, checkout };
}

describe('checkout', () => {
  it('turns the cart into a paid order, takes the stock, records the payment and empties the cart', async () => {
    const user = await shopper({ verified: true });
    const recorder = await createProduct(t.database.db, categoryId, {
      name: 'Audio Recorder',
      price: '18499.50',
      stockCount: 5,
    });
    const vest = await createProduct(t.database.db, categoryId, {
      name: 'Vest',
      price: '45999.00',
      stockCount: null,
    });
    await user.add(recorder.id, 2);
    await user.add(vest.id, 1);

    const response = await user.checkout();
    expect(response.statusCode).toBe(201);
    const order = response.json();
    expect(order).toMatchObject({
      orderNumber: expect.stringMatching(/^ORD-\d+$/),
      invoiceNumber: expect.stringMatching(/^INV\/\d\d-\d\d\/\d{6}$/),
      placeOfSupply: '29',
      paymentReference: expect.stringMatching(/^PAY-\d+$/),
      status: 'paid',
      currency: 'INR',
      total: '82998.00',
      paymentMethod: 'stripe',
      paymentStatus: 'completed',
      shippingAddress,
    });
    expect(order.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          productId: recorder.id,
          name: 'Audio Recorder',
          unitPrice: '18499.50',
          quantity: 2,
          lineTotal: '36999.00',
          // Karnataka is the seller's state (the default SELLER_STATE_CODE 29): CGST + SGST, 9 % each.
          gstRate: '18',
          taxableValue: '31355.08',
          cgst: '2821.96',
          sgst: '2821.96',
          igst: '0.00',
        }),
        expect.objectContaining({
          productId: vest.id,
          name: 'Vest',
          unitPrice: '45999.00',
          quantity: 1,
          lineTotal: '45999.00',
        }),
      ]),
    );

    expect(await stockOf(t.database.db, recorder.id)).toBe(3);
    expect(await stockOf(t.database.db, vest.id)).toBeNull();
    expect((await asUser(t.app, user).get('/api/cart')).json()).toEqual([]);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.userId, user.id));
    const [note] = await t.database.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(note).toMatchObject({
      type: 'payment_received',
      title: 'Payment received',
      message: `We received INR 82,998.00 for order ${order.orderNumber}.`,
      actionUrl: `/orders/${order.id}`,
    });
    const receipt = await smtp.waitFor((m) => m.to.includes(user.email) && m.subject === 'Payment received');
    expect(receipt.text.split('\n')).toEqual(
      expect.arrayContaining([
        'Amount: INR 82,998.00',
        'Method: card',
        `Reference: ${payment!.reference}`,
        'Paid for: Equipment order (2 items)',
        `Order: ${order.orderNumber}`,
        '2 x Audio Recorder: INR 36,999.00',
        `Tax invoice: ${order.invoiceNumber}`,
        `Invoice PDF: http://127.0.0.1:5000/api/orders/${order.id}/invoice`,
        `http://127.0.0.1:5000/orders/${order.id}`,
      ]),
    );
    expect(payment).toMatchObject({
      amount: '82998.00',
      currency: 'INR',
      status: 'completed',
      purpose: 'order',
      provider: 'test',
    });

    expect((await asUser(t.app, user).get('/api/orders')).json()).toEqual([order]);
    expect((await asUser(t.app, user).get(`/api/orders/${order.id}`)).json()).toEqual(order);
    const stranger = await shopper();
    expect((await asUser(t.app, stranger).get(`/api/orders/${order.id}`)).statusCode).toBe(404);
    expect((await asUser(t.app, stranger).get('/api/orders')).json()).toEqual([]);
  });

  it('snapshots the price: a later price change does not touch the order', async () => {
    const user = await shopper();
    const product = await createProduct(t.database.db, categoryId, { price: '100.00' });
    await user.add(product.id, 1);
    const order = (await user.checkout()).json();
    await t.database.pool.query('update products set price = 999 where id = $1', [product.id]);
    expect((await asUser(t.app, user).get(`/api/orders/${order.id}`)).json().lines[0].unitPrice).toBe(
      '100.00',
    );
  });

  it('leaves crypto and bank transfer orders pending, and tells the Directors a payment waits', async () => {
    const director = await shopper({ verified: true });
    await setUserTier(t, director.id, 4);
    const user = await shopper();
    const product = await createProduct(t.database.db, categoryId, { price: '1500.00' });
    await user.add(product.id, 2);
    const order = (await user.checkout('crypto')).json();
    expect(order).toMatchObject({ status: 'pending', paymentMethod: 'crypto', paymentStatus: 'pending' });

    const alert = `${user.email} paid INR 3,000.00 by crypto for Equipment order (1 item); confirm when it arrives.`;
    const notes = (await asUser(t.app, director).get('/api/notifications')).json() as { message: string }[];
    expect(notes).toContainEqual(
      expect.objectContaining({
        type: 'other',
        title: 'Payment awaiting confirmation',
        message: alert,
        actionUrl: '/payments?tab=approvals',
      }),
    );
    const mail = await smtp.waitFor((m) => m.to.includes(director.email) && m.text.includes(alert));
    expect(mail.subject).toBe('Payment awaiting confirmation');
    expect(mail.text.split('\n')).toContain('http://127.0.0.1:5000/payments?tab=approvals');
  });

  it('pays a pending order when a Director confirms its payment, and cancels it with its stock back when failed', async () => {
    const director = await shopper();
    await setUserTier(t, director.id, 4);
    const [paidBy, failedBy] = [await shopper({ verified: true }), await shopper({ verified: true })];
    const product = await createProduct(t.database.db, categoryId, { stockCount: 10 });
    await paidBy.add(product.id, 2);
    await failedBy.add(product.id, 3);
    const paid = (await paidBy.checkout('crypto')).json();
    const failed = (await failedBy.checkout('bank_transfer')).json();
    expect(await stockOf(t.database.db, product.id)).toBe(5);

    const paymentOf = async (orderId: string) =>
      (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.paymentId!;
    await asUser(t.app, director).post(`/api/admin/payments/${await paymentOf(paid.id)}/confirm`, {});
    await asUser(t.app, director).post(`/api/admin/payments/${await paymentOf(failed.id)}/fail`, {});

    expect((await asUser(t.app, paidBy).get(`/api/orders/${paid.id}`)).json()).toMatchObject({
      status: 'paid',
      paymentStatus: 'completed',
    });
    expect((await asUser(t.app, failedBy).get(`/api/orders/${failed.id}`)).json()).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'failed',
    });
    expect(await stockOf(t.database.db, product.id)).toBe(8);

    const receipt = await smtp.waitFor(
      (m) => m.to.includes(paidBy.email) && m.subject === 'Payment received',
    );
    expect(receipt.text.split('\n')).toEqual(
      expect.arrayContaining(['Method: crypto', `http://127.0.0.1:5000/orders/${paid.id}`]),
    );
    const failure = await smtp.waitFor(
      (m) => m.to.includes(failedBy.email) && m.subject === 'Payment failed',
    );
    expect(failure.text).toContain(
      'Your payment of INR 3000.00 for Equipment order (1 item) did not go through.',
    );
    expect(failure.text.split('\n')).toContain('Method: bank transfer');
  });

  it('refuses an empty cart, a bad address and an unknown payment method with 400', async () => {
    const user = await shopper();
    const empty = await user.checkout();
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Your cart is empty');

    const product = await createProduct(t.database.db, categoryId);
    await user.add(product.id, 1);
    const bad = await asUser(t.app, user).post('/api/orders', {
      shippingAddress: { ...shippingAddress, phone: '12', city: '' },
      paymentMethod: 'cash',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues.map((i: { path: string }) => i.path)).toEqual(
      expect.arrayContaining(['shippingAddress.phone', 'shippingAddress.city', 'paymentMethod']),
    );
    expect((await asUser(t.app, user).get('/api/cart')).json()).toHaveLength(1);
  });

  it('fails the whole checkout with 409 naming the product when a line can no longer be served', async () => {
    const user = await shopper({ verified: true });
    const plenty = await createProduct(t.database.db, categoryId, { stockCount: 10 });
    const scarce = await createProduct(t.database.db, categoryId, {
      name: 'Thermal Monocular',
      stockCount: 5,
    });
    await user.add(plenty.id, 2);
    await user.add(scarce.id, 4);
    await t.database.pool.query('update products set stock_count = 3 where id = $1', [scarce.id]);

    const response = await user.checkout();
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'OUT_OF_STOCK',
      message: 'Not enough stock left of Thermal Monocular for this order',
    });
    expect(await stockOf(t.database.db, plenty.id)).toBe(10);
    expect(await stockOf(t.database.db, scarce.id)).toBe(3);
    expect(await t.database.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toHaveLength(2);
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(0);
    expect(await t.database.db.select().from(payments).where(eq(payments.userId, user.id))).toHaveLength(0);
    // Nothing of it is told either: no notification, no e-mail queued.
    expect(
      await t.database.db.select().from(notifications).where(eq(notifications.userId, user.id)),
    ).toHaveLength(0);
    const told = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, user.id), like(mailOutbox.kind, 'notification.%')));
    expect(told).toHaveLength(0);
  });

  it('re-checks the tier at checkout', async () => {
    const user = await shopper();
    await setUserTier(t, user.id, 2);
    const product = await createProduct(t.database.db, categoryId, { minimumTier: 2 });
    await user.add(product.id, 1);
    await setUserTier(t, user.id, 1);
    const response = await user.checkout();
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'TIER_REQUIRED', requiredTier: 2 });
  });

  it('never oversells: 30 buyers of one unit each against a stock of 10 give exactly 10 orders', async () => {
    const product = await createProduct(t.database.db, categoryId, { stockCount: 10 });
    const buyers = await Promise.all(Array.from({ length: 30 }, () => shopper()));
    for (const buyer of buyers) expect((await buyer.add(product.id, 1)).statusCode).toBe(201);

    const results = await Promise.all(buyers.map((buyer) => buyer.checkout()));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(20);
    expect(await stockOf(t.database.db, product.id)).toBe(0);
    const { rows } = await t.database.pool.query(
      'select coalesce(sum(quantity), 0)::int as sold from order_lines where product_id = $1',
      [product.id],
    );
    expect(rows[0].sold).toBe(10);
  }, 60_000);
});
