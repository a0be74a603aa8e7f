import type { Integration, IntegrationDeliveryStatus } from '@contract/integrations';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { QueryStates } from '@/components/ui/list-states';
import { useIntegrationDeliveries } from '@/features/integrations/api/get-integration-deliveries';
import { formatRelativeTime } from '@/lib/format';

const STATUS_BADGE: Record<
  IntegrationDeliveryStatus,
  { label: string; variant: 'default' | 'warning' | 'destructive' }
> = {
  delivered: { label: 'Delivered', variant: 'default' },
  pending: { label: 'Pending', variant: 'warning' },
  failed: { label: 'Failed', variant: 'destructive' },
};

function DeliveryLog({ integration }: { integration: Integration }) {
  const deliveries = useIntegrationDeliveries(integration.id);
  return (
    <QueryStates
      query={deliveries}
      loading={{ label: 'Loading deliveries', className: 'gap-2', rowClassName: 'h-16' }}
      error="The delivery log could not be loaded."
      empty={
        <p className="text-sm text-muted-foreground">Nothing sent yet. Send a test message to try it.</p>
      }
    >
      {(data) => (
        <ul aria-label="Deliveries" className="grid gap-2">
          {data.map((delivery) => {
            const badge = STATUS_BADGE[delivery.status];
            return (
              <li
                key={delivery.id}
                data-testid="delivery"
                className="grid gap-1.5 rounded-md border bg-surface p-3"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant={badge.variant}>{badge.label}</Badge>
                  <code className="font-mono text-xs">{delivery.event}</code>
                  <time dateTime={delivery.createdAt} className="ml-auto text-xs text-muted-foreground">
                    {formatRelativeTime(delivery.createdAt)}
                  </time>
                </div>
                {delivery.message && <p className="text-sm break-words">{delivery.message}</p>}
                <p className="font-mono text-xs text-muted-foreground">
                  {delivery.attempts === 1 ? '1 attempt' : `${delivery.attempts} attempts`}
                  {delivery.responseStatus !== null && ` · HTTP ${delivery.responseStatus}`}
                </p>
                {delivery.error && <p className="text-xs text-red-400 break-words">{delivery.error}</p>}
              </li>
            );
          })}
        </ul>
      )}
    </QueryStates>
  );
}

/** Every message sent (or being tried) through one integration, newest first; pending ones refresh themselves. */
export function DeliveryLogDialog({
  integration,
  onClose,
}: {
  integration: Integration | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={integration !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Delivery log</DialogTitle>
          <DialogDescription>
            {integration
              ? `Messages sent through "${integration.name}": failed sends are retried for a while.`
              : ''}
          </DialogDescription>
        </DialogHeader>
        {integration && <DeliveryLog integration={integration} />}
      </DialogContent>
    </Dialog>
  );
}
