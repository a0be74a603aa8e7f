import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orderLines, orders, payments, products } from '../../db/schema/index.js';

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
    .returning({ name: products.name, price: products.price });
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
  shippingAddress: orders.shippingAddress,
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

export async function findOrder(db: DbOrTx, userId: string, orderId: string) {
  const [row] = await db
    .select(orderColumns)
    .from(orders)
    .leftJoin(payments, eq(payments.id, orders.paymentId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
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
    })
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(orderLines.name);
}

export async function attachPayment(db: DbOrTx, orderId: string, paymentId: string, paid: boolean) {
  await db
    .update(orders)
    .set(paid ? { paymentId, status: 'paid', paidAt: sql`now()` } : { paymentId })
    .where(eq(orders.id, orderId));
}

/** The order a payment pays for, marked paid; null when no pending order has that payment. */
export async function markPaidByPayment(db: DbOrTx, paymentId: string): Promise<void> {
  await db
    .update(orders)
    .set({ status: 'paid', paidAt: sql`now()` })
    .where(and(eq(orders.paymentId, paymentId), eq(orders.status, 'pending')));
}

/** Cancels the pending order of a failed payment; returns its id so its stock can go back. */
export async function cancelByPayment(db: DbOrTx, paymentId: string): Promise<string | null> {
  const [row] = await db
    .update(orders)
    .set({ status: 'cancelled' })
    .where(and(eq(orders.paymentId, paymentId), eq(orders.status, 'pending')))
    .returning({ id: orders.id });
  return row?.id ?? null;
}

/** Puts a cancelled order's units back on the shelf (uncounted stock stays uncounted). */
export async function returnStock(db: DbOrTx, orderId: string): Promise<void> {
  await db.execute(sql`
    update ${products} set stock_count = ${products.stockCount} + ${orderLines.quantity}
    from ${orderLines}
    where ${orderLines.orderId} = ${orderId} and ${orderLines.productId} = ${products.id}
      and ${products.stockCount} is not null`);
}
