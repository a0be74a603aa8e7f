import { Package } from 'lucide-react';
import { Link } from 'wouter';
import { Card, CardContent } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { LoadingMessage } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useOrders } from '@/features/orders/api/get-orders';
import { OrderStatusBadge } from '@/features/orders/components/order-status';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';

/** The buyer's orders, newest first; each row opens the order's page. */
export function OrdersList() {
  const { data: orders, isPending, error, refetch } = useOrders();
  if (isPending) return <LoadingMessage>Loading your orders...</LoadingMessage>;
  if (error)
    return (
      <LoadError
        message={errorMessage(error, 'Your orders could not be loaded.')}
        onRetry={() => void refetch()}
      />
    );
  if (orders.length === 0) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
          <Package aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="text-muted-foreground">No orders yet.</p>
          <Link
            href={paths.marketplace.getHref()}
            className="text-primary underline-offset-4 hover:underline"
          >
            Browse the marketplace
          </Link>
        </CardContent>
      </Card>
    );
  }
  return (
    <ul aria-label="Your orders" className="grid gap-2">
      {orders.map((order) => (
        <li key={order.id}>
          <Link
            href={paths.order.getHref(order.id)}
            className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-md border bg-surface px-4 py-3 transition-colors outline-none hover:border-primary/60 focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="font-mono text-sm font-semibold">{order.orderNumber}</span>
            <span className="text-sm text-muted-foreground">{formatDate(order.createdAt)}</span>
            <span className="min-w-0 flex-1 truncate text-sm">
              {order.lines.map((line) => `${line.quantity} x ${line.name}`).join(', ')}
            </span>
            <OrderStatusBadge status={order.status} />
            <span className="font-mono text-sm font-semibold">
              {formatMoney(order.total, order.currency)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
