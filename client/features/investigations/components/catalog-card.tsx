import { Check, Clock, Lock, Send } from 'lucide-react';
import type { InvestigationCatalogEntry } from '@contract/investigations';
import { tierLabel, tierName } from '@contract/tiers';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { InvestigationIcon } from '@/features/investigations/components/investigation-icon';
import { cn } from '@/lib/utils';

interface CatalogCardProps {
  service: InvestigationCatalogEntry;
  /**
   * `request`: signed in at the service's tier or above; `locked`: signed in below it; `browse`: signed out
   * (only signed-in users may request).
   */
  access: 'request' | 'locked' | 'browse';
  onRequest: () => void;
}

/** One service of the investigation catalogue: tier badge, pricing in rupees, features, delivery. */
export function CatalogCard({ service, access, onRequest }: CatalogCardProps) {
  const headingId = `investigation-${service.id}-name`;
  const locked = access === 'locked';
  return (
    <article
      id={service.id}
      aria-labelledby={headingId}
      data-testid="investigation-service"
      className={cn(
        'flex h-full w-full flex-col gap-5 rounded-lg border bg-card p-5 text-card-foreground shadow-sm transition-colors',
        locked ? 'border-dashed' : 'hover:border-primary/60',
      )}
    >
      <header className="flex items-start gap-3">
        <span
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-md border bg-surface',
            locked ? 'text-muted-foreground' : 'text-primary',
          )}
        >
          <InvestigationIcon icon={service.icon} />
        </span>
        <div className="min-w-0 flex-1 space-y-1">
          <p className="font-mono text-[0.7rem] tracking-widest text-muted-foreground uppercase">
            {service.category}
          </p>
          <h3 id={headingId} className="leading-snug font-semibold">
            {service.name}
          </h3>
        </div>
        <Badge variant={locked ? 'outline' : 'default'} title={`${tierName(service.minimumTier)} clearance`}>
          {locked && <Lock aria-hidden="true" />}
          {tierLabel(service.minimumTier)}
        </Badge>
      </header>

      <p className="text-sm text-muted-foreground">{service.description}</p>

      <dl className="grid grid-cols-[auto_1fr] gap-2">
        <div className="rounded-md border bg-surface px-3 py-2">
          <dt className="font-mono text-[0.65rem] tracking-wider text-muted-foreground uppercase">Pricing</dt>
          <dd data-testid="investigation-pricing" className="mt-0.5 font-mono text-sm font-semibold">
            {service.pricing}
          </dd>
        </div>
        <div className="rounded-md border bg-surface px-3 py-2">
          <dt className="font-mono text-[0.65rem] tracking-wider text-muted-foreground uppercase">
            Delivery
          </dt>
          <dd className="mt-0.5 flex items-center gap-1.5 text-sm font-semibold">
            <Clock aria-hidden="true" className="size-3.5 text-muted-foreground" />
            {service.deliveryTime}
          </dd>
        </div>
      </dl>

      {service.features.length > 0 && (
        <div className="space-y-2">
          <h4 className="font-mono text-[0.7rem] tracking-widest text-muted-foreground uppercase">
            Includes
          </h4>
          <ul className="grid gap-1.5 text-sm">
            {service.features.map((feature) => (
              <li key={feature} className="flex items-start gap-2">
                <Check aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-primary" />
                {feature}
              </li>
            ))}
          </ul>
        </div>
      )}

      {access === 'request' && (
        <Button variant="outline" className="mt-auto" onClick={onRequest}>
          <Send aria-hidden="true" />
          Request This Service
        </Button>
      )}
      {locked && (
        <p className="mt-auto flex items-center gap-2 rounded-md border border-dashed px-3 py-2 text-sm text-muted-foreground">
          <Lock aria-hidden="true" className="size-4" />
          {tierLabel(service.minimumTier)} clearance required
        </p>
      )}
    </article>
  );
}
