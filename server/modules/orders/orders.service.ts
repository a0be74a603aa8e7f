import { CATALOG_CURRENCY } from '../../../contract/catalog.js';
import { stateByName, type GstRate } from '../../../contract/gst.js';
import type {
  AdminOrder,
  CreateOrderRequest,
  Order,
  OrderQueue,
  OrderStatus,
} from '../../../contract/orders.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { AppContext, RequestMeta, Settlement } from '../../infra/context.js';
import { publicUrl } from '../../infra/public-url.js';
import { splitInclusive } from '../../lib/gst-tax.js';
import { isId } from '../../lib/ids.js';
import { AppError, notFound, tierRequired } from '../../lib/errors.js';
import { fromMinor, toMinor } from '../../lib/money.js';
import type { UserRow } from '../../db/schema/users.js';
import * as cart from '../cart/cart.service.js';
import * as catalog from '../catalog/catalog.service.js';
import * as audit from '../audit/audit.service.js';
import * as invoices from '../invoices/invoices.service.js';
import { publishEvent } from '../events/events.service.js';
import * as payments from '../payments/payments.service.js';
import { listRefundsOf } from '../payments/refunds.js';
import * as repository from './orders.repository.js';
import type { NewOrderLine } from './orders.repository.js';

/** The buyer's page of one order: what a receipt, a shipping mail and a refund link to. */
export const orderPath = (orderId: string) => `/orders/${orderId}`;

/**
 * The one way an order's status changes (design 12.7): from one of `from` to `to`, with the columns that go with the
 * move, in the caller's transaction. Null when the order was in none of `from` (another request moved it first), so
 * each move happens once. Every status change tells the buyer's live streams (`order.updated`).
 */
export async function changeStatus(
  _ctx: AppContext,
  tx: Tx,
  where: { orderId: string } | { paymentId: string },
  from: readonly OrderStatus[],
  to: OrderStatus,
  set: Parameters<typeof repository.updateStatus>[4] = {},
) {
  const moved = await repository.updateStatus(tx, where, from, to, set);
  if (moved) await orderUpdated(tx, moved, to);
  return moved;
}

/** Tells the buyer's live streams where an order stands, in the transaction that put it there (design 12.6). */
async function orderUpdated(
  tx: Tx,
  order: { id: string; userId: string },
  status: OrderStatus,
): Promise<void> {
  await publishEvent(tx, {
    to: { userId: order.userId },
    type: 'order.updated',
    data: { id: order.id, status },
  });
}

/**
 * The order's payment settled (the card provider at once, a webhook or a Director): paid, with its tax invoice
 * numbered in this transaction; or cancelled, and its units go back on the shelf.
 */
export const orderSettlement: Settlement = {
  async handler(ctx, tx, payment) {
    if (payment.status === 'completed') {
      const paid = await changeStatus(ctx, tx, { paymentId: payment.id }, ['pending'], 'paid', {
        paidAt: ctx.now(),
      });
      if (paid) await invoices.issueInvoice(ctx, tx, paid.id);
      return;
    }
    const cancelled = await changeStatus(ctx, tx, { paymentId: payment.id }, ['pending'], 'cancelled', {
      cancelledAt: ctx.now(),
      cancelReason: 'The payment did not go through',
    });
    if (cancelled) {
      await repository.returnStock(tx, cancelled.id);
      return async () => catalog.invalidateListings(ctx);
    }
  },
  receiptUrl: '/orders',
  /** The receipt names the order, its lines and its invoice, and links to the order's page. */
  async receipt(ctx, tx, payment) {
    const row = await repository.findOrderByPayment(tx, payment.id);
    if (!row) return null;
    const lines = await repository.listLines(tx, [row.id]);
    const [invoice] = await invoices.invoicesOf(tx, [row.id]);
    const money = (amount: string) => payments.formatAmount(row.currency, amount);
    return {
      actionUrl: orderPath(row.id),
      message: `We received ${money(payment.amount)} for order ${row.orderNumber}.`,
      details: [
        { label: 'Order', value: row.orderNumber },
        ...lines.map((line) => ({ label: `${line.quantity} x ${line.name}`, value: money(line.lineTotal) })),
        ...(invoice
          ? [
              { label: 'Tax invoice', value: invoice.number },
              { label: 'Invoice PDF', value: publicUrl(ctx.config, `/api/orders/${row.id}/invoice`) },
            ]
          : []),
      ],
    };
  },
};

type OrderRow = NonNullable<Awaited<ReturnType<typeof repository.findOrder>>>;

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** Orders as the API answers them, with their invoice, credit notes, returns and refunds. */
async function toOrders(ctx: AppContext, db: DbOrTx, rows: OrderRow[]): Promise<Order[]> {
  const ids = rows.map((row) => row.id);
  const [lines, invoiceRows, notes, returns, refunds] = await Promise.all([
    repository.listLines(db, ids),
    invoices.invoicesOf(db, ids),
    invoices.creditNotesOf(db, ids),
    repository.returnsOf(db, ids),
    listRefundsOf(ctx, ids),
  ]);
  const returnLines = await repository.returnLinesOf(
    db,
    returns.map((r) => r.id),
  );
  return rows.map(({ intraState: _intra, userId: _user, ...row }) => ({
    ...row,
    invoiceNumber: invoiceRows.find((invoice) => invoice.orderId === row.id)?.number ?? null,
    paidAt: iso(row.paidAt),
    shippedAt: iso(row.shippedAt),
    deliveredAt: iso(row.deliveredAt),
    cancelledAt: iso(row.cancelledAt),
    createdAt: row.createdAt.toISOString(),
    lines: lines
      .filter((line) => line.orderId === row.id)
      .map(({ orderId: _orderId, gstRate, ...line }) => ({ ...line, gstRate: gstRate as GstRate | null })),
    creditNotes: notes
      .filter((note) => note.orderId === row.id)
      .map((note) => ({
        id: note.id,
        number: note.number,
        total: note.total,
        reason: note.reason,
        issuedAt: note.issuedAt.toISOString(),
      })),
    returns: returns
      .filter((r) => r.orderId === row.id)
      .map((r) => ({
        id: r.id,
        orderId: r.orderId,
        status: r.status,
        reason: r.reason,
        decisionReason: r.decisionReason,
        createdAt: r.createdAt.toISOString(),
        decidedAt: iso(r.decidedAt),
        lines: returnLines
          .filter((line) => line.returnId === r.id)
          .map((line) => ({ productId: line.productId, name: line.name, quantity: line.quantity })),
      })),
    refunds: refunds
      .filter((refund) => refund.orderId === row.id)
      .map((refund) => ({
        id: refund.id,
        amount: refund.amount,
        status: refund.status,
        createdAt: refund.createdAt.toISOString(),
        completedAt: iso(refund.completedAt),
      })),
  }));
}

/**
 * Checkout: the cart becomes an order in one transaction. Each line is re-checked (tier, stock) and its stock
 * taken with a conditional decrement; prices are copied from the product at this moment; the payment is recorded
 * pending (with the Directors' alert for a transfer to confirm); the cart is emptied. Any line that cannot be served
 * fails the whole checkout and nothing changes, nor is anyone told anything. Only after the commit, with no row
 * locked, is the payment handed to its provider (decision 018); one the card provider takes at once settles through
 * `orderSettlement`, which marks the order paid, with the receipt.
 */
export async function placeOrder(
  ctx: AppContext,
  user: UserRow,
  input: CreateOrderRequest,
  meta?: Pick<RequestMeta, 'ip'>,
): Promise<Order> {
  const { orderId, payment, total, itemCount } = await ctx.db.transaction(async (tx) => {
    const lines = await cart.lockCart(tx, user.id);
    if (lines.length === 0) {
      throw new AppError('VALIDATION_FAILED', 'Your cart is empty', {
        issues: [{ path: 'cart', message: 'Your cart is empty' }],
      });
    }

    // Products are locked in one order (by id) in every checkout, so two checkouts cannot deadlock.
    const sorted = [...lines].sort((a, b) => a.product.id.localeCompare(b.product.id));
    const state = stateByName(input.shippingAddress.state)!;
    const intraState = state.code === ctx.config.SELLER_STATE_CODE;
    const taken: NewOrderLine[] = [];
    for (const line of sorted) {
      // Stock is decided by the conditional decrement alone: what the cart read may already be stale.
      if (user.tier < line.product.minimumTier) throw tierRequired(line.product.minimumTier);
      const product = await repository.takeStock(tx, line.product.id, line.quantity);
      if (!product) {
        throw new AppError('OUT_OF_STOCK', `Not enough stock left of ${line.product.name} for this order`);
      }
      const split = splitInclusive(toMinor(product.price) * line.quantity, product.gstRate, intraState);
      taken.push({
        orderId: '',
        productId: line.product.id,
        name: product.name,
        unitPrice: product.price,
        quantity: line.quantity,
        hsnCode: product.hsnCode,
        gstRate: product.gstRate,
        taxableValue: fromMinor(split.taxable),
        cgst: fromMinor(split.cgst),
        sgst: fromMinor(split.sgst),
        igst: fromMinor(split.igst),
      });
    }

    const total = fromMinor(taken.reduce((sum, line) => sum + toMinor(line.unitPrice) * line.quantity, 0));
    const id = await repository.insertOrder(tx, {
      userId: user.id,
      total,
      currency: CATALOG_CURRENCY,
      shippingAddress: input.shippingAddress,
      paymentMethod: input.paymentMethod,
      placeOfSupply: state.code,
      intraState,
    });
    await repository.insertLines(
      tx,
      taken.map((line) => ({ ...line, orderId: id })),
    );
    const payment = await payments.record(ctx, tx, {
      userId: user.id,
      amount: total,
      currency: CATALOG_CURRENCY,
      method: input.paymentMethod,
      purpose: 'order',
      description: `Equipment order (${taken.length} ${taken.length === 1 ? 'item' : 'items'})`,
      actionUrl: orderPath(id),
    });
    await repository.attachPayment(tx, id, payment.id);
    await orderUpdated(tx, { id, userId: user.id }, 'pending');
    await cart.emptyCart(tx, user.id);
    const itemCount = taken.reduce((sum, line) => sum + line.quantity, 0);
    return { orderId: id, payment, total, itemCount };
  });
  catalog.invalidateListings(ctx);
  await cart.cartChanged(ctx, user.id);
  await ctx.events.emit('order.placed', {
    userId: user.id,
    orderId,
    total,
    currency: CATALOG_CURRENCY,
    itemCount,
    paymentMethod: input.paymentMethod,
  });
  await payments.submitOrLeave(ctx, payment, meta?.ip ?? null);
  return getOrder(ctx, user.id, orderId);
}

export async function listOrders(ctx: AppContext, userId: string, limit: number): Promise<Order[]> {
  return toOrders(ctx, ctx.db, await repository.listOrders(ctx.db, userId, limit));
}

/** One of the user's orders; 404 for anyone else's (and for a malformed id). */
export async function getOrder(ctx: AppContext, userId: string, orderId: string): Promise<Order> {
  const row = isId(orderId) ? await repository.findOrder(ctx.db, userId, orderId) : null;
  if (!row) throw notFound('Order');
  return (await toOrders(ctx, ctx.db, [row]))[0]!;
}

/** Any user's order, for a Director's actions. */
export async function getAnyOrder(ctx: AppContext, orderId: string): Promise<Order> {
  const row = isId(orderId) ? await repository.findOrder(ctx.db, null, orderId) : null;
  if (!row) throw notFound('Order');
  return (await toOrders(ctx, ctx.db, [row]))[0]!;
}

/** The Directors' order queue; each other user's order shown is recorded as a staff read. */
export async function listQueue(
  ctx: AppContext,
  reader: audit.Reader,
  queue: OrderQueue,
  limit: number,
): Promise<AdminOrder[]> {
  const rows = await repository.listQueue(ctx.db, queue, limit);
  await audit.recordStaffReads(
    ctx,
    reader,
    'order',
    rows.map((row) => ({ id: row.id, ownerId: row.userId })),
    'list',
  );
  const orders = await toOrders(ctx, ctx.db, rows);
  return orders.map((order, index) => ({ ...order, userEmail: rows[index]!.userEmail }));
}
