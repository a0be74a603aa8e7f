import { useSearch } from 'wouter';
import { ORDER_QUEUES, type OrderQueue } from '@contract/orders';
import { DIRECTOR_TIER } from '@contract/tiers';
import { Card, CardContent } from '@/components/ui/card';
import { LoadingMessage } from '@/components/ui/spinner';
import { GstReturnsCard } from '@/features/orders/components/gst-returns-card';
import { OrderQueueView } from '@/features/orders/components/order-queue';
import { useUser } from '@/lib/auth';

/** /order-queue: the Directors' orders to ship, in transit, returns to decide and refunds refused; GST returns. */
export function OrderQueueRoute() {
  const { data: user } = useUser();
  const wanted = new URLSearchParams(useSearch()).get('queue');
  const initial = (ORDER_QUEUES as readonly string[]).includes(wanted ?? '')
    ? (wanted as OrderQueue)
    : 'to_ship';
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <header className="mb-8 space-y-2 border-b pb-6">
        <p className="font-mono text-xs tracking-[0.3em] text-muted-foreground uppercase">Fulfilment</p>
        <h1 className="text-3xl font-bold tracking-tight">Order queue</h1>
      </header>
      {!user ? (
        <LoadingMessage>Loading...</LoadingMessage>
      ) : user.tier >= DIRECTOR_TIER ? (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-10">
          <OrderQueueView initial={initial} />
          <GstReturnsCard />
        </div>
      ) : (
        <Card>
          <CardContent className="py-8 text-center text-muted-foreground">
            The order queue is for Directors (tier 4).
          </CardContent>
        </Card>
      )}
    </div>
  );
}
