import type { Order, OrderStatus } from '@contract/orders';
import { Badge } from '@/components/ui/badge';
import { formatDateTime, formatMoney } from '@/lib/format';

const STATUS_WORDS: Record<OrderStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  fulfilled: 'Fulfilled',
  shipped: 'Shipped',
  delivered: 'Delivered',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge variant={status === 'cancelled' ? 'destructive' : status === 'pending' ? 'outline' : 'secondary'}>
      {STATUS_WORDS[status]}
    </Badge>
  );
}

/** The order's life so far, oldest first: placed, paid, shipped, delivered, returns, refunds, cancelled. */
export function OrderTimeline({ order }: { order: Order }) {
  const steps: { at: string; text: string }[] = [
    { at: order.createdAt, text: `Placed (${order.orderNumber})` },
  ];
  if (order.paidAt) steps.push({ at: order.paidAt, text: `Paid; tax invoice ${order.invoiceNumber ?? ''}` });
  if (order.shippedAt) {
    steps.push({
      at: order.shippedAt,
      text: `Shipped with ${order.carrier}, tracking ${order.trackingNumber}`,
    });
  }
  if (order.deliveredAt) steps.push({ at: order.deliveredAt, text: 'Delivered' });
  for (const r of order.returns) {
    steps.push({ at: r.createdAt, text: `Return requested: ${r.reason}` });
    if (r.decidedAt) {
      steps.push({
        at: r.decidedAt,
        text: r.status === 'approved' ? 'Return approved' : `Return declined: ${r.decisionReason ?? ''}`,
      });
    }
  }
  if (order.cancelledAt)
    steps.push({ at: order.cancelledAt, text: `Cancelled: ${order.cancelReason ?? ''}` });
  for (const refund of order.refunds) {
    if (refund.completedAt) {
      steps.push({ at: refund.completedAt, text: `Refunded ${formatMoney(refund.amount, order.currency)}` });
    }
  }
  steps.sort((a, b) => a.at.localeCompare(b.at));
  return (
    <ol aria-label="Order timeline" className="grid gap-3 border-l pl-4">
      {steps.map((step, index) => (
        <li key={index} className="relative">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[21px] size-2.5 rounded-full bg-primary"
          />
          <p className="text-sm">{step.text}</p>
          <time dateTime={step.at} className="text-xs text-muted-foreground">
            {formatDateTime(step.at)}
          </time>
        </li>
      ))}
    </ol>
  );
}
