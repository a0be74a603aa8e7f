import { Link, useParams } from 'wouter';
import { paths } from '@/config/paths';
import { OrderDetail } from '@/features/orders/components/order-detail';

/** /orders/:id: one of the buyer's orders. */
export function OrderRoute() {
  const { id = '' } = useParams<{ id: string }>();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <header className="mb-8 space-y-2 border-b pb-6">
        <Link href={paths.orders.getHref()} className="text-sm text-primary hover:underline">
          All my orders
        </Link>
        <h1 className="text-3xl font-bold tracking-tight">Order</h1>
      </header>
      <OrderDetail id={id} />
    </div>
  );
}
