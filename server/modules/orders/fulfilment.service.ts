import type { Order, OrderStatus, ShipOrderRequest } from '../../../contract/orders.js';
import type { Tx } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import { fromMinor, toMinor } from '../../lib/money.js';
import { splitInclusive } from '../../lib/gst-tax.js';
import * as audit from '../audit/audit.service.js';
import * as catalog from '../catalog/catalog.service.js';
import * as invoices from '../invoices/invoices.service.js';
import * as notifications from '../notifications/notifications.service.js';
import * as payments from '../payments/payments.service.js';
import { requestRefund } from '../payments/refunds.js';
import * as repository from './orders.repository.js';
import { changeStatus, getAnyOrder, getOrder, orderPath } from './orders.service.js';

/** Statuses an order may be cancelled from: before it ships. */
const CANCELLABLE: readonly OrderStatus[] = ['pending', 'paid'];

async function lockOrder(tx: Tx, userId: string | null, orderId: string) {
  const row = isId(orderId) ? await repository.findOrder(tx, userId, orderId, true) : null;
  if (!row) throw notFound('Order');
  return row;
}

/** A Director marks a paid order shipped, with its carrier and tracking number; the buyer is mailed. */
export async function ship(
  ctx: AppContext,
  directorId: string,
  orderId: string,
  input: ShipOrderRequest,
  meta: Pick<RequestMeta, 'ip'>,
): Promise<Order> {
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, null, orderId);
    const moved = await changeStatus(ctx, tx, { orderId: order.id }, ['paid'], 'shipped', {
      carrier: input.carrier,
      trackingNumber: input.trackingNumber,
      shippedAt: ctx.now(),
    });
    if (!moved)
      throw new AppError('CONFLICT', `Only a paid order can be shipped; this one is ${order.status}`);
    await notifications.notify(ctx, tx, {
      userId: order.userId,
      type: 'other',
      title: `Order ${order.orderNumber} shipped`,
      message: `Your order ${order.orderNumber} is on its way with ${input.carrier}, tracking number ${input.trackingNumber}.`,
      actionUrl: orderPath(order.id),
      details: [
        { label: 'Order', value: order.orderNumber },
        { label: 'Carrier', value: input.carrier },
        { label: 'Tracking number', value: input.trackingNumber },
      ],
    });
    await audit.record(tx, {
      action: 'order.shipped',
      userId: directorId,
      subjectType: 'order',
      subject: order.id,
      subjectUserId: order.userId,
      ip: meta.ip,
      details: { orderNumber: order.orderNumber, carrier: input.carrier },
    });
  });
  return getAnyOrder(ctx, orderId);
}

/** A Director marks a shipped order delivered: the return window starts. */
export async function deliver(
  ctx: AppContext,
  directorId: string,
  orderId: string,
  meta: Pick<RequestMeta, 'ip'>,
): Promise<Order> {
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, null, orderId);
    const moved = await changeStatus(ctx, tx, { orderId: order.id }, ['shipped'], 'delivered', {
      deliveredAt: ctx.now(),
    });
    if (!moved)
      throw new AppError('CONFLICT', `Only a shipped order can be delivered; this one is ${order.status}`);
    await notifications.notify(ctx, tx, {
      userId: order.userId,
      type: 'other',
      title: `Order ${order.orderNumber} delivered`,
      message: `Your order ${order.orderNumber} was delivered. You may ask to return it within ${ctx.config.RETURN_WINDOW_DAYS} days.`,
      actionUrl: orderPath(order.id),
    });
    await audit.record(tx, {
      action: 'order.delivered',
      userId: directorId,
      subjectType: 'order',
      subject: order.id,
      subjectUserId: order.userId,
      ip: meta.ip,
      details: { orderNumber: order.orderNumber },
    });
  });
  return getAnyOrder(ctx, orderId);
}

/**
 * Cancels an order before it ships: the buyer their own, a Director anyone's. Every unit goes back on the shelf; a
 * paid order gets a credit note for its whole invoice and a full refund through the provider after the commit; an
 * unpaid one's payment fails instead. 409 once it shipped (a return is the way then) or was cancelled.
 */
export async function cancel(
  ctx: AppContext,
  actor: UserRow,
  asDirector: boolean,
  orderId: string,
  reason: string,
  meta: Pick<RequestMeta, 'ip'>,
): Promise<Order> {
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, asDirector ? null : actor.id, orderId);
    const moved = await changeStatus(ctx, tx, { orderId: order.id }, CANCELLABLE, 'cancelled', {
      cancelledAt: ctx.now(),
      cancelReason: reason,
    });
    if (!moved) {
      throw new AppError(
        'CONFLICT',
        `This order is ${order.status}: only an order not yet shipped can be cancelled`,
      );
    }
    const lines = await repository.linesForUpdate(tx, order.id);
    for (const line of lines) {
      const left = line.quantity - line.returnedQuantity;
      if (left > 0 && line.productId) await repository.returnUnits(tx, line.productId, left);
      if (left > 0) await repository.addReturned(tx, line.id, left);
    }
    const payment = order.paymentId ? await payments.findById(tx, order.paymentId) : null;
    if (payment?.status === 'completed') {
      const [invoice] = await invoices.invoicesOf(tx, [order.id]);
      const credited = lines
        .filter((line) => line.quantity > line.returnedQuantity)
        .map((line) => ({
          orderLineId: line.id,
          quantity: line.quantity - line.returnedQuantity,
          split: splitInclusive(
            toMinor(line.unitPrice) * (line.quantity - line.returnedQuantity),
            line.gstRate ?? '0',
            order.intraState ?? true,
          ),
        }));
      const amount = fromMinor(toMinor(order.total) - toMinor(order.refundedTotal));
      if (invoice && credited.length > 0) {
        await invoices.issueCreditNote(ctx, tx, {
          orderId: order.id,
          invoiceId: invoice.id,
          returnId: null,
          reason: `Order cancelled: ${reason}`,
          lines: credited,
        });
      }
      if (toMinor(amount) > 0) {
        await requestRefund(ctx, tx, {
          orderId: order.id,
          payment,
          amount,
          alreadyRefunded: order.refundedTotal,
        });
        await repository.addRefunded(tx, order.id, amount);
      }
    } else if (payment?.status === 'pending') {
      await payments.failIfPending(ctx, tx, payment);
    }
    await audit.record(tx, {
      action: 'order.cancelled',
      userId: actor.id,
      subjectType: 'order',
      subject: order.id,
      subjectUserId: order.userId,
      ip: meta.ip,
      details: { orderNumber: order.orderNumber, by: asDirector ? 'director' : 'buyer', reason },
    });
  });
  catalog.invalidateListings(ctx);
  return asDirector ? getAnyOrder(ctx, orderId) : getOrder(ctx, actor.id, orderId);
}
