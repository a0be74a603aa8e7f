import { useState, type FormEvent } from 'react';
import { ORDER_QUEUES, type AdminOrder, type OrderQueue } from '@contract/orders';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormMessage, TextField } from '@/components/ui/form-field';
import { LoadError } from '@/components/ui/load-error';
import { LoadingMessage } from '@/components/ui/spinner';
import { pageTabsListClass, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useOrderQueue } from '@/features/orders/api/get-order-queue';
import { useOrderAction, type OrderAction } from '@/features/orders/api/act-on-order';
import { OrderStatusBadge } from '@/features/orders/components/order-status';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';

const QUEUE_LABELS: Record<OrderQueue, string> = {
  to_ship: 'To ship',
  in_transit: 'In transit',
  returns: 'Returns to decide',
  refunds_failed: 'Refunds refused',
  all: 'All orders',
};

/** The Directors' order queue: a tab per queue, each order with the actions its state allows. */
export function OrderQueueView({ initial }: { initial: OrderQueue }) {
  const [queue, setQueue] = useState<OrderQueue>(initial);
  return (
    <Tabs value={queue} onValueChange={(value) => setQueue(value as OrderQueue)}>
      <TabsList className={cn(pageTabsListClass, 'mb-6')}>
        {ORDER_QUEUES.map((name) => (
          <TabsTrigger key={name} value={name}>
            {QUEUE_LABELS[name]}
          </TabsTrigger>
        ))}
      </TabsList>
      {/* Each tab has its panel (the selected tab's trigger names it in aria-controls); only the open one loads. */}
      {ORDER_QUEUES.map((name) => (
        <TabsContent key={name} value={name}>
          <QueueList queue={name} />
        </TabsContent>
      ))}
    </Tabs>
  );
}

function QueueList({ queue }: { queue: OrderQueue }) {
  const { data: orders, isPending, error, refetch } = useOrderQueue(queue);
  if (isPending) return <LoadingMessage>Loading orders...</LoadingMessage>;
  if (error) {
    return (
      <LoadError
        message={errorMessage(error, 'The orders could not be loaded.')}
        onRetry={() => void refetch()}
      />
    );
  }
  if (orders.length === 0) return <p className="text-muted-foreground">Nothing waits here.</p>;
  return (
    <ul aria-label={QUEUE_LABELS[queue]} className="grid gap-4">
      {orders.map((order) => (
        <li key={order.id}>
          <QueueOrder order={order} />
        </li>
      ))}
    </ul>
  );
}

function QueueOrder({ order }: { order: AdminOrder }) {
  const action = useOrderAction();
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [rejectReason, setRejectReason] = useState('');
  const act = (value: OrderAction) => action.mutate(value);
  const ship = (event: FormEvent) => {
    event.preventDefault();
    act({ kind: 'ship', orderId: order.id, body: { carrier, trackingNumber: tracking } });
  };
  const requested = order.returns.filter((r) => r.status === 'requested');
  const failedRefunds = order.refunds.filter((refund) => refund.status === 'failed');
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="font-mono text-base">{order.orderNumber}</CardTitle>
        <OrderStatusBadge status={order.status} />
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p className="text-muted-foreground">
          {order.userEmail}, {formatDate(order.createdAt)}, {formatMoney(order.total, order.currency)}
        </p>
        <p>{order.lines.map((line) => `${line.quantity} x ${line.name}`).join(', ')}</p>
        <p className="text-muted-foreground">
          To {order.shippingAddress.fullName}, {order.shippingAddress.city}, {order.shippingAddress.state}
        </p>
        {order.status === 'paid' && (
          <form
            aria-label={`Ship ${order.orderNumber}`}
            onSubmit={ship}
            className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
          >
            <TextField
              label="Carrier"
              value={carrier}
              onChange={(e) => setCarrier(e.target.value)}
              required
            />
            <TextField
              label="Tracking number"
              value={tracking}
              onChange={(e) => setTracking(e.target.value)}
              required
            />
            <Button type="submit" disabled={action.isPending}>
              Mark shipped
            </Button>
          </form>
        )}
        {order.status === 'shipped' && (
          <div className="flex flex-wrap items-center gap-3">
            <span>
              {order.carrier}: <span className="font-mono">{order.trackingNumber}</span>
            </span>
            <Button onClick={() => act({ kind: 'deliver', orderId: order.id })} disabled={action.isPending}>
              Mark delivered
            </Button>
          </div>
        )}
        {requested.map((r) => (
          <div key={r.id} className="grid gap-2 rounded-md border p-3">
            <p>
              Return of {r.lines.map((line) => `${line.quantity} x ${line.name}`).join(', ')}: {r.reason}
            </p>
            <div className="flex flex-wrap items-end gap-2">
              <Button
                onClick={() => act({ kind: 'approve-return', returnId: r.id })}
                disabled={action.isPending}
              >
                Approve and refund
              </Button>
              <TextField
                label="Reason to decline"
                fieldClassName="min-w-48 flex-1"
                value={rejectReason}
                onChange={(e) => setRejectReason(e.target.value)}
              />
              <Button
                variant="outline"
                disabled={action.isPending || rejectReason.trim() === ''}
                onClick={() => act({ kind: 'reject-return', returnId: r.id, reason: rejectReason })}
              >
                Decline
              </Button>
            </div>
          </div>
        ))}
        {failedRefunds.map((refund) => (
          <div
            key={refund.id}
            className="flex flex-wrap items-center gap-3 rounded-md border border-destructive/40 p-3"
          >
            <span>
              Refund of {formatMoney(refund.amount, order.currency)} refused by the payment provider.
            </span>
            <Button variant="outline" onClick={() => act({ kind: 'retry-refund', refundId: refund.id })}>
              Send again
            </Button>
          </div>
        ))}
        <FormMessage>{action.error ? errorMessage(action.error, 'That did not work.') : null}</FormMessage>
      </CardContent>
    </Card>
  );
}
