import { OrdersList } from '@/features/orders/components/orders-list';

/** /orders: the signed-in buyer's orders. */
export function OrdersRoute() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6">
      <header className="mb-8 space-y-2 border-b pb-6">
        <p className="font-mono text-xs tracking-[0.3em] text-muted-foreground uppercase">Marketplace</p>
        <h1 className="text-3xl font-bold tracking-tight">My orders</h1>
        <p className="max-w-3xl text-muted-foreground">
          Every order with its status, tax invoice and credit notes. Prices include GST.
        </p>
      </header>
      <OrdersList />
    </div>
  );
}
