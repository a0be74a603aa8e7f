import { eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications, orders, payments, refunds } from '../../db/schema/index.js';
import type { PaymentProvider } from '../../infra/payments.js';
import { createCategory, createProduct, setUserTier, stockOf, verifyEmail } from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.js';

let smtp: TestSmtpServer;
let t: TestApp;
let categoryId: string;
let director: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(
    {
      RATE_LIMIT_REGISTER_MAX: '500',
      SMTP_URL: smtp.url,
      MAIL_RETRY_DELAY_SECONDS: '1',
      REFUND_MAX_ATTEMPTS: '2',
      REFUND_RETRY_DELAY_SECONDS: '1',
    },
    { jobs: true },
  );
  categoryId = (await createCategory(t.database.db)).id;
  director = await registerUser(t.app);
  await setUserTier(t, director.id, 4);
  await verifyEmail(t, director.id);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const address = (state = 'Karnataka', gstin?: string) => ({
  fullName: 'Asha Rao',
  line1: '12 MG Road',
  city: 'Bengaluru',
  state,
  postalCode: '560001',
  country: 'India',
  phone: '+91 98450 12345',
  ...(gstin ? { gstin } : {}),
});

async function buyer() {
  const account = await registerUser(t.app);
  await verifyEmail(t, account.id);
  return { ...account, api: asUser(t.app, account) };
}

/** A paid (card) order of `quantity` units of a new product with `stock` units. */
async function paidOrder(
  options: { quantity?: number; price?: string; state?: string; gstin?: string } = {},
) {
  const user = await buyer();
  const product = await createProduct(t.database.db, categoryId, {
    price: options.price ?? '11800.00',
    stockCount: 10,
  });
  await user.api.post('/api/cart', { productId: product.id, quantity: options.quantity ?? 3 });
  const response = await user.api.post('/api/orders', {
    shippingAddress: address(options.state, options.gstin),
    paymentMethod: 'stripe',
  });
  expect(response.statusCode).toBe(201);
  return { user, product, order: response.json() };
}

const asDirector = () => asUser(t.app, director);

describe('tax on orders', () => {
  it('charges IGST outside the seller state and keeps the buyer GSTIN; refuses a bad GSTIN and a non-state', async () => {
    const { order } = await paidOrder({ state: 'maharashtra', gstin: '27aapfu0939f1zv', quantity: 2 });
    expect(order).toMatchObject({ placeOfSupply: '27', status: 'paid' });
    expect(order.shippingAddress).toMatchObject({ state: 'Maharashtra', gstin: '27AAPFU0939F1ZV' });
    expect(order.lines[0]).toMatchObject({
      lineTotal: '23600.00',
      taxableValue: '20000.00',
      cgst: '0.00',
      sgst: '0.00',
      igst: '3600.00',
    });

    const user = await buyer();
    const bad = await user.api.post('/api/orders', {
      shippingAddress: { ...address('Atlantis'), gstin: '27AAPFU0939F1ZW' },
      paymentMethod: 'stripe',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'shippingAddress.state', message: 'Choose an Indian state or union territory' },
        { path: 'shippingAddress.gstin', message: 'The GSTIN check character does not match' },
      ]),
    );
  });
});

describe('invoices', () => {
  it('numbers 20 concurrent checkouts consecutively, without gaps or repeats', async () => {
    const product = await createProduct(t.database.db, categoryId, { price: '500.00', stockCount: null });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => buyer()));
    for (const b of buyers) await b.api.post('/api/cart', { productId: product.id, quantity: 1 });
    const placed = await Promise.all(
      buyers.map((b) => b.api.post('/api/orders', { shippingAddress: address(), paymentMethod: 'stripe' })),
    );
    expect(placed.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const numbers = placed.map((r) => r.json().invoiceNumber as string);
    const sequence = numbers.map((n) => Number(n.split('/')[2])).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    for (let i = 1; i < sequence.length; i += 1) expect(sequence[i]).toBe(sequence[i - 1]! + 1);
    for (const n of numbers) expect(n.length).toBeLessThanOrEqual(16);
  });

  it("serves the tax invoice PDF with rule 46's fields, to the buyer only", async () => {
    const { user, order } = await paidOrder({ gstin: '29AAICI4821K1Z8', quantity: 2 });
    const response = await user.api.get(`/api/orders/${order.id}/invoice`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const { text } = await extractText(new Uint8Array(response.rawPayload), { mergePages: true });
    for (const field of [
      'Tax Invoice',
      t.config.SELLER_LEGAL_NAME,
      `GSTIN: ${t.config.SELLER_GSTIN}`,
      order.invoiceNumber,
      'Asha Rao',
      'GSTIN: 29AAICI4821K1Z8',
      'Place of supply: Karnataka (29)',
      '8543',
      '20,000.00',
      '1,800.00',
      '23,600.00',
      'Rupees Twenty Three Thousand Six Hundred Only',
      'Tax payable on reverse charge: No',
      'Authorised signatory',
    ]) {
      expect(text).toContain(field);
    }
    const stranger = await buyer();
    expect((await stranger.api.get(`/api/orders/${order.id}/invoice`)).statusCode).toBe(404);
  });

  it('has no invoice while the payment is pending', async () => {
    const user = await buyer();
    const product = await createProduct(t.database.db, categoryId, { stockCount: 5 });
    await user.api.post('/api/cart', { productId: product.id, quantity: 1 });
    const order = (
      await user.api.post('/api/orders', { shippingAddress: address(), paymentMethod: 'bank_transfer' })
    ).json();
    expect(order).toMatchObject({
      invoiceNumber: null,
      paymentReference: expect.stringMatching(/^PAY-\d+$/),
    });
    expect((await user.api.get(`/api/orders/${order.id}/invoice`)).statusCode).toBe(404);
  });
});

describe('fulfilment, cancellation, returns and refunds', () => {
  const waitForRefunds = (orderId: string, status: string) =>
    vi.waitFor(
      async () => {
        const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) expect(row.status).toBe(status);
        return rows;
      },
      { timeout: 20_000, interval: 200 },
    );

  it('ships and delivers (Directors only), mailing the buyer, then takes a partial return and refunds it', async () => {
    const { user, product, order } = await paidOrder({ quantity: 3 });
    expect(await stockOf(t.database.db, product.id)).toBe(7);
    expect(
      (await user.api.post(`/api/orders/${order.id}/ship`, { carrier: 'X', trackingNumber: '1' })).statusCode,
    ).toBe(403);
    expect((await asDirector().post(`/api/orders/${order.id}/deliver`, {})).statusCode).toBe(409);

    const shipped = await asDirector().post(`/api/orders/${order.id}/ship`, {
      carrier: 'India Post',
      trackingNumber: 'EE123456789IN',
    });
    expect(shipped.json()).toMatchObject({
      status: 'shipped',
      carrier: 'India Post',
      trackingNumber: 'EE123456789IN',
    });
    const mail = await smtp.waitFor((m) => m.to.includes(user.email) && m.subject.includes('shipped'));
    expect(mail.text).toContain('EE123456789IN');
    // Shipped: no cancelling any more, and no return before delivery.
    expect((await user.api.post(`/api/orders/${order.id}/cancel`, { reason: 'Too late' })).statusCode).toBe(
      409,
    );
    const early = await user.api.post(`/api/orders/${order.id}/returns`, {
      lines: [{ productId: product.id, quantity: 1 }],
      reason: 'Changed my mind',
    });
    expect(early.statusCode).toBe(409);

    expect((await asDirector().post(`/api/orders/${order.id}/deliver`, {})).json().status).toBe('delivered');
    const requested = await user.api.post(`/api/orders/${order.id}/returns`, {
      lines: [{ productId: product.id, quantity: 1 }],
      reason: 'One unit was damaged',
    });
    expect(requested.statusCode).toBe(201);
    expect(requested.json()).toMatchObject({
      status: 'requested',
      lines: [{ productId: product.id, quantity: 1 }],
    });
    // The same units again, or more than are left: 409.
    const again = await user.api.post(`/api/orders/${order.id}/returns`, {
      lines: [{ productId: product.id, quantity: 3 }],
      reason: 'All of them',
    });
    expect(again.statusCode).toBe(409);
    const queue = (await asDirector().get('/api/admin/orders?queue=returns')).json();
    expect(queue.map((o: { id: string }) => o.id)).toContain(order.id);

    const approved = await asDirector().post(`/api/returns/${requested.json().id}/approve`, {});
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'partially_refunded', refundedTotal: '11800.00' });
    expect(approved.json().creditNotes).toHaveLength(1);
    expect((await asDirector().post(`/api/returns/${requested.json().id}/approve`, {})).statusCode).toBe(409);
    expect(
      (await asDirector().post(`/api/returns/${requested.json().id}/reject`, { reason: 'x' })).statusCode,
    ).toBe(409);
    expect(await stockOf(t.database.db, product.id)).toBe(8);
    await waitForRefunds(order.id, 'completed');

    const note = approved.json().creditNotes[0];
    expect(note.number).toMatch(/^CN\/\d\d-\d\d\/\d{6}$/);
    const pdf = await user.api.get(`/api/orders/${order.id}/credit-notes/${note.id}`);
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    expect(text).toContain('Credit Note');
    expect(text).toContain(note.number);
    expect(text).toContain(`Against invoice ${order.invoiceNumber}`);
    expect(text).toContain('10,000.00');

    // The rest comes back too: the order is refunded in full, and no more than was paid.
    const rest = await user.api.post(`/api/orders/${order.id}/returns`, {
      lines: [{ productId: product.id, quantity: 2 }],
      reason: 'The rest',
    });
    const all = await asDirector().post(`/api/returns/${rest.json().id}/approve`, {});
    expect(all.json()).toMatchObject({ status: 'refunded', refundedTotal: '35400.00' });
    await waitForRefunds(order.id, 'completed');
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, order.paymentId));
    expect(payment!.status).toBe('refunded');
    const more = await user.api.post(`/api/orders/${order.id}/returns`, {
      lines: [{ productId: product.id, quantity: 1 }],
      reason: 'Once more',
    });
    expect(more.statusCode).toBe(409);
  });

  it('lets a Director reject a return with a reason', async () => {
    const { user, product, order } = await paidOrder({ quantity: 1 });
    await asDirector().post(`/api/orders/${order.id}/ship`, { carrier: 'DTDC', trackingNumber: 'D1' });
    await asDirector().post(`/api/orders/${order.id}/deliver`, {});
    const requested = await user.api.post(`/api/orders/${order.id}/returns`, {
      lines: [{ productId: product.id, quantity: 1 }],
      reason: 'Not needed',
    });
    const rejected = await asDirector().post(`/api/returns/${requested.json().id}/reject`, {
      reason: 'Used',
    });
    expect(rejected.json().returns[0]).toMatchObject({ status: 'rejected', decisionReason: 'Used' });
    expect(rejected.json().status).toBe('delivered');
    expect(await stockOf(t.database.db, product.id)).toBe(9);
  });

  it('refuses a return after the window', async () => {
    const { user, product, order } = await paidOrder({ quantity: 1 });
    await asDirector().post(`/api/orders/${order.id}/ship`, { carrier: 'DTDC', trackingNumber: 'D2' });
    await asDirector().post(`/api/orders/${order.id}/deliver`, {});
    await t.database.db
      .update(orders)
      .set({ deliveredAt: new Date(Date.now() - 15 * 24 * 60 * 60 * 1000) })
      .where(eq(orders.id, order.id));
    const late = await user.api.post(`/api/orders/${order.id}/returns`, {
      lines: [{ productId: product.id, quantity: 1 }],
      reason: 'Late',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/14 days/);
  });

  it('cancels before shipping: stock back, a credit note for the whole invoice, a full refund', async () => {
    const { user, product, order } = await paidOrder({ quantity: 2 });
    const stranger = await buyer();
    expect((await stranger.api.post(`/api/orders/${order.id}/cancel`, { reason: 'Mine?' })).statusCode).toBe(
      404,
    );
    const cancelled = await user.api.post(`/api/orders/${order.id}/cancel`, { reason: 'Ordered twice' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      refundedTotal: '23600.00',
      cancelReason: 'Ordered twice',
    });
    expect(cancelled.json().creditNotes[0]).toMatchObject({ total: '23600.00' });
    expect(await stockOf(t.database.db, product.id)).toBe(10);
    await waitForRefunds(order.id, 'completed');
    expect((await user.api.post(`/api/orders/${order.id}/cancel`, { reason: 'Again' })).statusCode).toBe(409);
  });

  it('retries a refund the provider refuses, then shows it to Directors, who send it again', async () => {
    const { user, order } = await paidOrder({ quantity: 1 });
    const real = t.ctx.payments;
    let refusals = 0;
    const refusing: PaymentProvider = {
      name: real.name,
      charge: (input) => real.charge(input),
      async refund() {
        refusals += 1;
        throw new Error('card_declined: the bank refused the refund');
      },
    };
    t.ctx.payments = refusing;
    try {
      await user.api.post(`/api/orders/${order.id}/cancel`, { reason: 'No longer needed' });
      const [failed] = await waitForRefunds(order.id, 'failed');
      expect(failed).toMatchObject({ attempts: 2, lastError: 'card_declined: the bank refused the refund' });
      expect(refusals).toBe(2);
      const queue = (await asDirector().get('/api/admin/orders?queue=refunds_failed')).json();
      expect(queue.find((o: { id: string }) => o.id === order.id).refunds[0]).toMatchObject({
        status: 'failed',
      });
      const [alert] = await t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.title, 'Refund refused by the payment provider'));
      expect(alert).toBeDefined();
    } finally {
      t.ctx.payments = real;
    }
    const [failed] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect((await user.api.post(`/api/admin/refunds/${failed!.id}/retry`, {})).statusCode).toBe(403);
    const retried = await asDirector().post(`/api/admin/refunds/${failed!.id}/retry`, {});
    expect(retried.json()).toMatchObject({ status: 'pending' });
    await waitForRefunds(order.id, 'completed');
    expect((await asDirector().post(`/api/admin/refunds/${failed!.id}/retry`, {})).statusCode).toBe(409);
  });

  it('answers 404 for unknown ids and 400 for bad bodies', async () => {
    const { user, order } = await paidOrder({ quantity: 1 });
    expect((await asDirector().post('/api/returns/not-an-id/approve', {})).statusCode).toBe(404);
    expect((await asDirector().post(`/api/orders/${order.id}/ship`, { carrier: '' })).statusCode).toBe(400);
    expect(
      (await user.api.post(`/api/orders/${order.id}/returns`, { lines: [], reason: 'x' })).statusCode,
    ).toBe(400);
    expect((await user.api.get(`/api/orders/${order.id}/credit-notes/not-an-id`)).statusCode).toBe(404);
    expect((await asDirector().get('/api/admin/orders?queue=nope')).statusCode).toBe(400);
  });
});

describe('GST returns (GSTR-1)', () => {
  /** This month in Indian time, as the return counts it. */
  const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
  const gstr1 = async (table: string, on = month) => {
    const response = await asDirector().get(`/api/admin/gst-returns?month=${on}&table=${table}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="gstr1-${table}-${on}.csv"`);
    return response.body.split('\r\n').filter(Boolean);
  };
  const rowOf = (lines: string[], number: string) => lines.filter((line) => line.includes(number));
  const today = () => {
    const ist = new Date(Date.now() + 330 * 60_000);
    const name = ist.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
    return `${String(ist.getUTCDate()).padStart(2, '0')}-${name}-${ist.getUTCFullYear()}`;
  };
  /** The B2C small sum of Karnataka at 18 %, in paise (0 when the month has none). */
  const karnatakaSmall = async () => {
    const line = (await gstr1('b2cs')).find((l) => l.startsWith('OE,29-Karnataka,,18,'));
    return line ? Math.round(Number(line.split(',')[4]) * 100) : 0;
  };

  it('lays out the month’s invoices and credit notes as the offline tool’s B2B, B2C and credit note tables', async () => {
    const business = await paidOrder({ state: 'Maharashtra', gstin: '27AAPFU0939F1ZV', quantity: 2 });
    const large = await paidOrder({ state: 'Maharashtra', price: '59000.00', quantity: 2 });
    const before = await karnatakaSmall();
    const small = await paidOrder({ quantity: 1 });

    const b2b = await gstr1('b2b');
    expect(b2b[0]).toBe(
      'GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,Place Of Supply,' +
        'Reverse Charge,Applicable % of Tax Rate,Invoice Type,E-Commerce GSTIN,Rate,Taxable Value,Cess Amount',
    );
    expect(rowOf(b2b, business.order.invoiceNumber)).toEqual([
      `27AAPFU0939F1ZV,Asha Rao,${business.order.invoiceNumber},${today()},23600.00,27-Maharashtra,N,,Regular B2B,,18,20000.00,`,
    ]);
    // Only buyers with a GSTIN are B2B; the large inter-state consumer invoice is B2C large, the small one neither.
    expect(rowOf(b2b, large.order.invoiceNumber)).toEqual([]);
    const b2cl = await gstr1('b2cl');
    expect(b2cl[0]).toBe(
      'Invoice Number,Invoice date,Invoice Value,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,' +
        'Cess Amount,E-Commerce GSTIN',
    );
    expect(rowOf(b2cl, large.order.invoiceNumber)).toEqual([
      `${large.order.invoiceNumber},${today()},118000.00,27-Maharashtra,,18,100000.00,,`,
    ]);
    expect(rowOf(b2cl, small.order.invoiceNumber)).toEqual([]);
    expect(await karnatakaSmall()).toBe(before + 1_000_000);

    // Credit notes follow their invoice: B2B ones to cdnr, B2C large ones to cdnur, small ones off the B2CS sum.
    const noteOf: Record<string, string> = {};
    for (const { user, order } of [business, large, small]) {
      const cancelled = await user.api.post(`/api/orders/${order.id}/cancel`, { reason: 'Not needed' });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      noteOf[order.id] = cancelled.json().creditNotes[0].number;
    }
    const cdnr = await gstr1('cdnr');
    const businessNote = noteOf[business.order.id]!;
    expect(rowOf(cdnr, businessNote)).toEqual([
      `27AAPFU0939F1ZV,Asha Rao,${businessNote},${today()},C,27-Maharashtra,N,Regular B2B,23600.00,,18,20000.00,`,
    ]);
    const cdnur = await gstr1('cdnur');
    expect(cdnur[0]).toBe(
      'UR Type,Note Number,Note Date,Note Type,Place Of Supply,Note Value,Applicable % of Tax Rate,Rate,' +
        'Taxable Value,Cess Amount',
    );
    const largeNote = noteOf[large.order.id]!;
    expect(rowOf(cdnur, largeNote)).toEqual([
      `B2CL,${largeNote},${today()},C,27-Maharashtra,118000.00,,18,100000.00,`,
    ]);
    expect(rowOf(cdnr, largeNote)).toEqual([]);
    expect(await karnatakaSmall()).toBe(before);

    // Another month has only the headers.
    expect(await gstr1('b2b', '2020-01')).toHaveLength(1);
  });

  it('answers 400 for a month or table it does not know, and 403 to anyone but a Director', async () => {
    const bad = await asDirector().get('/api/admin/gst-returns?month=2026-13&table=b2b');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([{ path: 'month', message: 'Month must look like 2026-11' }]);
    const table = await asDirector().get('/api/admin/gst-returns?month=2026-11&table=gstr3b');
    expect(table.statusCode).toBe(400);
    expect((await asDirector().get('/api/admin/gst-returns')).statusCode).toBe(400);
    const member = await buyer();
    expect((await member.api.get('/api/admin/gst-returns?month=2026-11&table=b2b')).statusCode).toBe(403);
  });
});
