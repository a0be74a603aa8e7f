import { CATALOG_CURRENCY } from '../../../contract/catalog.js';
import type { CreateOrderRequest, Order } from '../../../contract/orders.js';
import type { AppContext, RequestMeta, Settlement } from '../../infra/context.js';
import { isId } from '../../lib/ids.js';
import { AppError, notFound, tierRequired } from '../../lib/errors.js';
import { fromMinor, toMinor } from '../../lib/money.js';
import type { UserRow } from '../../db/schema/users.js';
import * as cart from '../cart/cart.service.js';
import * as catalog from '../catalog/catalog.service.js';
import * as payments from '../payments/payments.service.js';
import * as repository from './orders.repository.js';

/** Where an order's receipt links to: the marketplace, where the buyer shops and sees what they bought. */
const RECEIPT_URL = '/marketplace';

/**
 * A Director settled an order's crypto or bank-transfer payment: the order is paid, or it is cancelled and its
 * units go back on the shelf.
 */
export const orderSettlement: Settlement = {
  async handler(ctx, tx, payment) {
    if (payment.status === 'completed') return repository.markPaidByPayment(tx, payment.id);
    const cancelled = await repository.cancelByPayment(tx, payment.id);
    if (cancelled) {
      await repository.returnStock(tx, cancelled);
      return async () => catalog.invalidateListings(ctx);
    }
  },
  receiptUrl: RECEIPT_URL,
};

type OrderRow = NonNullable<Awaited<ReturnType<typeof repository.findOrder>>>;
type LineRow = Awaited<ReturnType<typeof repository.listLines>>[number];

function toOrder(row: OrderRow, lines: LineRow[]): Order {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    lines: lines.map(({ orderId: _orderId, ...line }) => line),
  };
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
    const taken: { productId: string; name: string; unitPrice: string; quantity: number }[] = [];
    for (const line of sorted) {
      // Stock is decided by the conditional decrement alone: what the cart read may already be stale.
      if (user.tier < line.product.minimumTier) throw tierRequired(line.product.minimumTier);
      const product = await repository.takeStock(tx, line.product.id, line.quantity);
      if (!product) {
        throw new AppError('OUT_OF_STOCK', `Not enough stock left of ${line.product.name} for this order`);
      }
      taken.push({
        productId: line.product.id,
        name: product.name,
        unitPrice: product.price,
        quantity: line.quantity,
      });
    }

    const total = fromMinor(taken.reduce((sum, line) => sum + toMinor(line.unitPrice) * line.quantity, 0));
    const id = await repository.insertOrder(tx, {
      userId: user.id,
      total,
      currency: CATALOG_CURRENCY,
      shippingAddress: input.shippingAddress,
      paymentMethod: input.paymentMethod,
    });
    await repository.insertLines(
      tx,
      taken.map((line) => ({ orderId: id, ...line })),
    );
    const payment = await payments.record(ctx, tx, {
      userId: user.id,
      amount: total,
      currency: CATALOG_CURRENCY,
      method: input.paymentMethod,
      purpose: 'order',
      description: `Equipment order (${taken.length} ${taken.length === 1 ? 'item' : 'items'})`,
      actionUrl: RECEIPT_URL,
    });
    await repository.attachPayment(tx, id, payment.id, false);
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
  const rows = await repository.listOrders(ctx.db, userId, limit);
  const lines = await repository.listLines(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toOrder(
      row,
      lines.filter((line) => line.orderId === row.id),
    ),
  );
}

export async function getOrder(ctx: AppContext, userId: string, orderId: string): Promise<Order> {
  const row = isId(orderId) ? await repository.findOrder(ctx.db, userId, orderId) : null;
  if (!row) throw notFound('Order');
  return toOrder(row, await repository.listLines(ctx.db, [row.id]));
}
