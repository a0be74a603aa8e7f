import type { CreateReturnRequest, Order, OrderReturn } from '../../../contract/orders.js';
import type { AppContext, RequestMeta } from '../../infra/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { splitOfReturn } from '../../lib/gst-tax.js';
import { isId } from '../../lib/ids.js';
import { fromMinor, toMinor } from '../../lib/money.js';
import * as audit from '../audit/audit.service.js';
import * as catalog from '../catalog/catalog.service.js';
import * as invoices from '../invoices/invoices.service.js';
import * as notifications from '../notifications/notifications.service.js';
import * as payments from '../payments/payments.service.js';
import { requestRefund } from '../payments/refunds.js';
import * as repository from './orders.repository.js';
import { changeStatus, getAnyOrder, getOrder, orderPath } from './orders.service.js';

/** Where Directors decide returns. */
const RETURNS_QUEUE_PATH = '/order-queue?queue=returns';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The buyer asks to return units of a delivered order within RETURN_WINDOW_DAYS of its delivery. Each product must
 * be on the order, and no more units may be asked for than were bought less those returned or already asked for:
 * 409 otherwise (asking twice for the same units is that).
 */
export async function requestReturn(
  ctx: AppContext,
  userId: string,
  orderId: string,
  input: CreateReturnRequest,
  meta: Pick<RequestMeta, 'ip'>,
): Promise<OrderReturn> {
  const id = await ctx.db.transaction(async (tx) => {
    const order = isId(orderId) ? await repository.findOrder(tx, userId, orderId, true) : null;
    if (!order) throw notFound('Order');
    if (!['delivered', 'partially_refunded'].includes(order.status) || !order.deliveredAt) {
      throw new AppError('CONFLICT', 'Only a delivered order can be returned');
    }
    const windowEnds = order.deliveredAt.getTime() + ctx.config.RETURN_WINDOW_DAYS * DAY_MS;
    if (ctx.now().getTime() > windowEnds) {
      throw new AppError(
        'CONFLICT',
        `The return window of ${ctx.config.RETURN_WINDOW_DAYS} days after delivery has passed`,
      );
    }
    const lines = await repository.linesForUpdate(tx, order.id);
    const open = await repository.returnsOf(tx, [order.id]);
    const asked = await repository.returnLinesOf(
      tx,
      open.filter((r) => r.status === 'requested').map((r) => r.id),
    );
    const chosen = new Map<string, number>();
    for (const wanted of input.lines) {
      const line = lines.find((candidate) => candidate.productId === wanted.productId);
      if (!line) {
        throw new AppError('VALIDATION_FAILED', 'This product is not on the order', {
          issues: [{ path: 'lines', message: 'This product is not on the order' }],
        });
      }
      const pending = asked
        .filter((a) => a.orderLineId === line.id)
        .reduce((total, a) => total + a.quantity, 0);
      const total = (chosen.get(line.id) ?? 0) + wanted.quantity;
      if (total > line.quantity - line.returnedQuantity - pending) {
        throw new AppError(
          'CONFLICT',
          `Only ${Math.max(0, line.quantity - line.returnedQuantity - pending)} of ${line.name} can still be returned`,
        );
      }
      chosen.set(line.id, total);
    }
    const created = await repository.insertReturn(
      tx,
      { orderId: order.id, reason: input.reason },
      [...chosen].map(([orderLineId, quantity]) => ({ orderLineId, quantity })),
    );
    await notifications.notifyDirectors(ctx, tx, {
      type: 'other',
      priority: 'normal',
      title: 'Return to decide',
      message: `The buyer of order ${order.orderNumber} asks to return goods: ${input.reason}`,
      actionUrl: RETURNS_QUEUE_PATH,
    });
    await audit.record(tx, {
      action: 'order.return_requested',
      userId,
      subjectType: 'order',
      subject: order.id,
      subjectUserId: order.userId,
      ip: meta.ip,
      details: { orderNumber: order.orderNumber, returnId: created.id },
    });
    return created.id;
  });
  const order = await getOrder(ctx, userId, orderId);
  return order.returns.find((r) => r.id === id)!;
}

/**
 * A Director approves a requested return: its units go back on the shelf, a credit note in its own series names
 * the invoice, and the lines' money is refunded through the provider after the commit; the order becomes
 * partially_refunded, or refunded when everything paid has gone back. Deciding a return twice is 409.
 */
export async function approveReturn(
  ctx: AppContext,
  directorId: string,
  returnId: string,
  meta: Pick<RequestMeta, 'ip'>,
): Promise<Order> {
  const orderId = await ctx.db.transaction(async (tx) => {
    const existing = isId(returnId) ? await repository.findReturn(tx, returnId) : null;
    if (!existing) throw notFound('Return');
    const order = (await repository.findOrder(tx, null, existing.orderId, true))!;
    const decided = await repository.decideReturn(tx, returnId, 'approved', directorId, null);
    if (!decided) throw new AppError('CONFLICT', `This return was already ${existing.status}`);
    const lines = await repository.linesForUpdate(tx, order.id);
    const asked = await repository.returnLinesOf(tx, [returnId]);
    const credited = asked.map((a) => {
      const line = lines.find((candidate) => candidate.id === a.orderLineId)!;
      if (a.quantity > line.quantity - line.returnedQuantity) {
        throw new AppError(
          'CONFLICT',
          `Only ${line.quantity - line.returnedQuantity} of ${line.name} are left`,
        );
      }
      return {
        line,
        orderLineId: line.id,
        quantity: a.quantity,
        split: splitOfReturn(
          toMinor(line.unitPrice),
          line.quantity,
          line.returnedQuantity,
          a.quantity,
          line.gstRate ?? '0',
          order.intraState ?? true,
        ),
      };
    });
    for (const { line, quantity } of credited) {
      await repository.addReturned(tx, line.id, quantity);
      if (line.productId) await repository.returnUnits(tx, line.productId, quantity);
    }
    const amountMinor = credited.reduce(
      (total, { split }) => total + split.taxable + split.cgst + split.sgst + split.igst,
      0,
    );
    const [invoice] = await invoices.invoicesOf(tx, [order.id]);
    const payment = order.paymentId ? await payments.findById(tx, order.paymentId) : null;
    if (!invoice || !payment) throw new AppError('CONFLICT', 'This order has no paid invoice to credit');
    await invoices.issueCreditNote(ctx, tx, {
      orderId: order.id,
      invoiceId: invoice.id,
      returnId,
      reason: `Goods returned: ${existing.reason}`,
      lines: credited.map(({ orderLineId, quantity, split }) => ({ orderLineId, quantity, split })),
    });
    const amount = fromMinor(amountMinor);
    await requestRefund(ctx, tx, {
      orderId: order.id,
      payment,
      amount,
      alreadyRefunded: order.refundedTotal,
    });
    await repository.addRefunded(tx, order.id, amount);
    const all = toMinor(order.refundedTotal) + amountMinor >= toMinor(order.total);
    await changeStatus(
      ctx,
      tx,
      { orderId: order.id },
      ['delivered', 'partially_refunded'],
      all ? 'refunded' : 'partially_refunded',
    );
    await notifications.notify(ctx, tx, {
      userId: order.userId,
      type: 'other',
      title: `Return of order ${order.orderNumber} approved`,
      message: `Your return was approved; ${payments.formatAmount(order.currency, amount)} is being refunded.`,
      actionUrl: orderPath(order.id),
    });
    await audit.record(tx, {
      action: 'order.return_approved',
      userId: directorId,
      subjectType: 'order',
      subject: order.id,
      subjectUserId: order.userId,
      ip: meta.ip,
      details: { orderNumber: order.orderNumber, returnId, amount },
    });
    return order.id;
  });
  catalog.invalidateListings(ctx);
  return getAnyOrder(ctx, orderId);
}

/** A Director turns a requested return down, saying why; the buyer is told. Deciding it twice is 409. */
export async function rejectReturn(
  ctx: AppContext,
  directorId: string,
  returnId: string,
  reason: string,
  meta: Pick<RequestMeta, 'ip'>,
): Promise<Order> {
  const orderId = await ctx.db.transaction(async (tx) => {
    const existing = isId(returnId) ? await repository.findReturn(tx, returnId) : null;
    if (!existing) throw notFound('Return');
    const decided = await repository.decideReturn(tx, returnId, 'rejected', directorId, reason);
    if (!decided) throw new AppError('CONFLICT', `This return was already ${existing.status}`);
    const order = (await repository.findOrder(tx, null, existing.orderId))!;
    await notifications.notify(ctx, tx, {
      userId: order.userId,
      type: 'other',
      title: `Return of order ${order.orderNumber} declined`,
      message: `Your return was declined: ${reason}`,
      actionUrl: orderPath(order.id),
    });
    await audit.record(tx, {
      action: 'order.return_rejected',
      userId: directorId,
      subjectType: 'order',
      subject: order.id,
      subjectUserId: order.userId,
      ip: meta.ip,
      details: { orderNumber: order.orderNumber, returnId, reason },
    });
    return order.id;
  });
  return getAnyOrder(ctx, orderId);
}
