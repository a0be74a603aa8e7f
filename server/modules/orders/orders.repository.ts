import { and, desc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { OrderQueue, OrderStatus } from '../../../contract/orders.js';
import type { DbOrTx } from '../../db/client.js';
import { shownEmail } from '../../db/deleted-users.js';
import {
  orderLines,
  orderReturnLines,
  orderReturns,
  orders,
  payments,
  products,
  refunds,
  users,
} from '../../db/schema/index.js';

/**
 * Takes `quantity` units of a product unless fewer are left: the condition and the decrement are one statement,
 * so concurrent buyers can never take the stock below zero. Uncounted stock (null) is never short, and a product
 * that is not approved for sale is never served.
 * Returns the product's current name and price, or null when it could not be served.
 */
export async function takeStock(db: DbOrTx, productId: string, quantity: number) {
  const [row] = await db
    .update(products)
    .set({ stockCount: sql`${products.stockCount} - ${quantity}` })
    .where(
      and(
        eq(products.id, productId),
        eq(products.approvalStatus, 'approved'),
        sql`(${products.stockCount} is null or ${products.stockCount} >= ${quantity})`,
      ),
    )
    .returning({
      name: products.name,
      price: products.price,
      hsnCode: products.hsnCode,
      gstRate: products.gstRate,
    });
  return row ?? null;
}

export type NewOrder = typeof orders.$inferInsert;
export type NewOrderLine = typeof orderLines.$inferInsert;

export async function insertOrder(db: DbOrTx, order: NewOrder) {
  const [row] = await db.insert(orders).values(order).returning({ id: orders.id });
  return row!.id;
}

export async function insertLines(db: DbOrTx, lines: NewOrderLine[]) {
  await db.insert(orderLines).values(lines);
}

const orderColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  status: orders.status,
  currency: orders.currency,
  total: orders.total,
  paymentMethod: orders.paymentMethod,
  paymentStatus: payments.status,
  paymentId: orders.paymentId,
  paymentReference: payments.reference,
  shippingAddress: orders.shippingAddress,
  placeOfSupply: orders.placeOfSupply,
  intraState: orders.intraState,
  carrier: orders.carrier,
  trackingNumber: orders.trackingNumber,
  cancelReason: orders.cancelReason,
  refundedTotal: orders.refundedTotal,
  paidAt: orders.paidAt,
  shippedAt: orders.shippedAt,
  deliveredAt: orders.deliveredAt,
  cancelledAt: orders.cancelledAt,
  userId: orders.userId,
  createdAt: orders.createdAt,
};

export async function listOrders(db: DbOrTx, userId: string, limit: number) {
  return db
    .select(orderColumns)
    .from(orders)
    .leftJoin(payments, eq(payments.id, orders.paymentId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** One order; `userId` null: anyone's (a Director's read). `lock` holds it for the rest of the transaction. */
export async function findOrder(db: DbOrTx, userId: string | null, orderId: string, lock = false) {
  const query = db
    .select(orderColumns)
    .from(orders)
    .leftJoin(payments, eq(payments.id, orders.paymentId))
    .where(and(eq(orders.id, orderId), userId ? eq(orders.userId, userId) : undefined));
  const [row] = lock ? await query.for('update', { of: orders }) : await query;
  return row ?? null;
}

/** The Directors' queues: paid orders to ship, shipped ones in transit, returns to decide, refunds refused. */
export async function listQueue(db: DbOrTx, queue: OrderQueue, limit: number) {
  const where =
    queue === 'to_ship'
      ? eq(orders.status, 'paid')
      : queue === 'in_transit'
        ? eq(orders.status, 'shipped')
        : queue === 'returns'
          ? exists(
              db
                .select({ one: sql`1` })
                .from(orderReturns)
                .where(and(eq(orderReturns.orderId, orders.id), eq(orderReturns.status, 'requested'))),
            )
          : queue === 'refunds_failed'
            ? exists(
                db
                  .select({ one: sql`1` })
                  .from(refunds)
                  .where(and(eq(refunds.orderId, orders.id), eq(refunds.status, 'failed'))),
              )
            : undefined;
  return db
    .select({ ...orderColumns, userEmail: shownEmail(users) })
    .from(orders)
    .leftJoin(payments, eq(payments.id, orders.paymentId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/**
 * Moves an order from one of `from` to `to`, with the columns that go with it; null when it was in none of them
 * (another request moved it first). Every status change of an order is this one statement (via the service's
 * `changeStatus`).
 */
export async function updateStatus(
  db: DbOrTx,
  where: { orderId: string } | { paymentId: string },
  from: readonly OrderStatus[],
  to: OrderStatus,
  set: Partial<typeof orders.$inferInsert> = {},
) {
  const [row] = await db
    .update(orders)
    .set({ ...set, status: to })
    .where(
      and(
        'orderId' in where ? eq(orders.id, where.orderId) : eq(orders.paymentId, where.paymentId),
        inArray(orders.status, [...from]),
      ),
    )
    .returning({ id: orders.id, userId: orders.userId, status: orders.status });
  return row ?? null;
}

export async function addRefunded(db: DbOrTx, orderId: string, amount: string): Promise<void> {
  await db
    .update(orders)
    .set({ refundedTotal: sql`${orders.refundedTotal} + ${amount}` })
    .where(eq(orders.id, orderId));
}

/** Order lines with their ids, for returns and credit notes. */
export async function linesForUpdate(db: DbOrTx, orderId: string) {
  return db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.name)
    .for('update');
}

export async function addReturned(db: DbOrTx, orderLineId: string, quantity: number): Promise<void> {
  await db
    .update(orderLines)
    .set({ returnedQuantity: sql`${orderLines.returnedQuantity} + ${quantity}` })
    .where(eq(orderLines.id, orderLineId));
}

export async function returnUnits(db: DbOrTx, productId: string, quantity: number): Promise<void> {
  await db
    .update(products)
    .set({ stockCount: sql`${products.stockCount} + ${quantity}` })
    .where(and(eq(products.id, productId), sql`${products.stockCount} is not null`));
}

export async function insertReturn(
  db: DbOrTx,
  input: { orderId: string; reason: string },
  lines: { orderLineId: string; quantity: number }[],
) {
  const [row] = await db.insert(orderReturns).values(input).returning();
  await db.insert(orderReturnLines).values(lines.map((line) => ({ ...line, returnId: row!.id })));
  return row!;
}

export async function returnsOf(db: DbOrTx, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderReturns)
    .where(inArray(orderReturns.orderId, orderIds))
    .orderBy(desc(orderReturns.createdAt), desc(orderReturns.id));
}

export async function returnLinesOf(db: DbOrTx, returnIds: string[]) {
  if (returnIds.length === 0) return [];
  return db
    .select({
      returnId: orderReturnLines.returnId,
      orderLineId: orderReturnLines.orderLineId,
      quantity: orderReturnLines.quantity,
      productId: orderLines.productId,
      name: orderLines.name,
    })
    .from(orderReturnLines)
    .innerJoin(orderLines, eq(orderLines.id, orderReturnLines.orderLineId))
    .where(inArray(orderReturnLines.returnId, returnIds));
}

export async function findReturn(db: DbOrTx, returnId: string) {
  const [row] = await db.select().from(orderReturns).where(eq(orderReturns.id, returnId));
  return row ?? null;
}

/** Decides a requested return; null when it was decided already. */
export async function decideReturn(
  db: DbOrTx,
  returnId: string,
  status: 'approved' | 'rejected',
  decidedBy: string,
  decisionReason: string | null,
) {
  const [row] = await db
    .update(orderReturns)
    .set({ status, decidedBy, decisionReason, decidedAt: sql`now()` })
    .where(and(eq(orderReturns.id, returnId), eq(orderReturns.status, 'requested')))
    .returning();
  return row ?? null;
}

export async function listLines(db: DbOrTx, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: orderLines.orderId,
      productId: orderLines.productId,
      name: orderLines.name,
      unitPrice: orderLines.unitPrice,
      quantity: orderLines.quantity,
      lineTotal: orderLines.lineTotal,
      hsnCode: orderLines.hsnCode,
      gstRate: orderLines.gstRate,
      taxableValue: orderLines.taxableValue,
      cgst: orderLines.cgst,
      sgst: orderLines.sgst,
      igst: orderLines.igst,
      returnedQuantity: orderLines.returnedQuantity,
    })
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(orderLines.name);
}

export async function attachPayment(db: DbOrTx, orderId: string, paymentId: string): Promise<void> {
  await db.update(orders).set({ paymentId }).where(eq(orders.id, orderId));
}

/** Puts a cancelled order's units back on the shelf (uncounted stock stays uncounted). */
export async function returnStock(db: DbOrTx, orderId: string): Promise<void> {
  await db.execute(sql`
    update ${products} set stock_count = ${products.stockCount} + ${orderLines.quantity}
    from ${orderLines}
    where ${orderLines.orderId} = ${orderId} and ${orderLines.productId} = ${products.id}
      and ${products.stockCount} is not null`);
}

export async function findOrderByPayment(db: DbOrTx, paymentId: string) {
  const [row] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, currency: orders.currency })
    .from(orders)
    .where(eq(orders.paymentId, paymentId));
  return row ?? null;
}

export async function linesForRead(db: DbOrTx, orderId: string) {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
}

/** One invoice's lines of one rate, for the GST return (GSTR-1): what the invoice and its buyer say, and the sum. */
export interface InvoiceRateRow {
  number: string;
  issuedAt: Date;
  invoiceValue: string;
  gstin: string | null;
  buyerName: string;
  placeOfSupply: string;
  intraState: boolean;
  rate: string;
  taxableValue: string;
}

/** Every invoice issued in [from, to), one row per invoice and GST rate, by number. */
export async function invoiceRatesIssued(db: DbOrTx, from: Date, to: Date): Promise<InvoiceRateRow[]> {
  const rows = await db.execute<Omit<InvoiceRateRow, 'issuedAt'> & { issuedAt: string }>(sql`
    select i.number, i.issued_at as "issuedAt", o.total as "invoiceValue",
      nullif(o.shipping_address->>'gstin', '') as gstin, o.shipping_address->>'fullName' as "buyerName",
      o.place_of_supply as "placeOfSupply", o.intra_state as "intraState", l.gst_rate as rate,
      sum(l.taxable_value)::text as "taxableValue"
    from invoices i
    join orders o on o.id = i.order_id
    join order_lines l on l.order_id = o.id
    where i.issued_at >= ${from.toISOString()} and i.issued_at < ${to.toISOString()}
    group by i.id, o.id, l.gst_rate
    order by i.number, l.gst_rate::numeric`);
  return rows.rows.map((row) => ({ ...row, issuedAt: new Date(row.issuedAt) }));
}

/** One credit note's lines of one rate, with the invoice it credits (whose buyer and value decide its table). */
export interface CreditNoteRateRow extends InvoiceRateRow {
  invoiceNumber: string;
  noteValue: string;
}

/** Every credit note issued in [from, to), one row per note and GST rate, by number. */
export async function creditNoteRatesIssued(db: DbOrTx, from: Date, to: Date): Promise<CreditNoteRateRow[]> {
  const rows = await db.execute<Omit<CreditNoteRateRow, 'issuedAt'> & { issuedAt: string }>(sql`
    select n.number, n.issued_at as "issuedAt", n.total as "noteValue", i.number as "invoiceNumber",
      o.total as "invoiceValue", nullif(o.shipping_address->>'gstin', '') as gstin,
      o.shipping_address->>'fullName' as "buyerName", o.place_of_supply as "placeOfSupply",
      o.intra_state as "intraState", l.gst_rate as rate, sum(nl.taxable_value)::text as "taxableValue"
    from credit_notes n
    join invoices i on i.id = n.invoice_id
    join orders o on o.id = n.order_id
    join credit_note_lines nl on nl.credit_note_id = n.id
    join order_lines l on l.id = nl.order_line_id
    where n.issued_at >= ${from.toISOString()} and n.issued_at < ${to.toISOString()}
    group by n.id, i.id, o.id, l.gst_rate
    order by n.number, l.gst_rate::numeric`);
  return rows.rows.map((row) => ({ ...row, issuedAt: new Date(row.issuedAt) }));
}
