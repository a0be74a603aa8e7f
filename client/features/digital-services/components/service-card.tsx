import { Activity, AlertTriangle, Check, Crosshair, Lock, Megaphone, MonitorPlay, Send } from 'lucide-react';
import { Link } from 'wouter';
import type { DigitalService } from '@contract/digital-services';
import { tierLabel, tierName } from '@contract/tiers';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ServiceIcon } from '@/features/digital-services/components/service-icon';
import type { AccessRequest } from '@/features/digital-services/utils/access';
import { formatFigure } from '@/features/digital-services/utils/demo-content';
import { servicePreview, type PreviewActivityKind } from '@/features/digital-services/utils/preview';
import { cn } from '@/lib/utils';

const ACTIVITY_KINDS = {
  alert: { label: 'Alert', icon: AlertTriangle, className: 'text-warning' },
  target: { label: 'Target', icon: Crosshair, className: 'text-primary' },
  campaign: { label: 'Campaign', icon: Megaphone, className: 'text-sky-400' },
  activity: { label: 'Activity', icon: Activity, className: 'text-primary' },
} as const satisfies Record<PreviewActivityKind, object>;

interface ServiceCardProps {
  service: DigitalService;
  /** The viewer's tier reaches the service's minimum tier, so it may be used. */
  usable: boolean;
  /** The card the address points at (`#<service id>`): marked, and focusable so it can take the focus. */
  highlighted?: boolean;
  /** Where 'Request Tier N Access' goes (sign-in, or the tier upgrade page). */
  requestAccess: AccessRequest;
  onViewDemo: () => void;
  onInquire: () => void;
}

/**
 * One service of the suite: at most 4 metrics, 2 capabilities (+N more) and 2 recent items. A
 * service above the viewer's tier keeps its public teaser but shows a CLASSIFIED panel instead of its
 * activity, and offers access instead of the demo.
 */
export function ServiceCard({
  service,
  usable,
  highlighted = false,
  requestAccess,
  onViewDemo,
  onInquire,
}: ServiceCardProps) {
  const preview = servicePreview(service);
  const headingId = `service-${service.id}-name`;
  return (
    <article
      id={service.id}
      tabIndex={-1}
      aria-labelledby={headingId}
      data-testid="service-card"
      data-locked={!usable || undefined}
      data-highlighted={highlighted || undefined}
      className={cn(
        'flex h-full w-full flex-col gap-5 rounded-lg border bg-card p-5 text-card-foreground shadow-sm transition-colors outline-none',
        usable ? 'hover:border-primary/60' : 'border-dashed',
        highlighted && 'border-primary ring-2 ring-primary/40',
      )}
    >
      <header className="flex items-start gap-3">
        <span
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-md border bg-surface',
            usable ? 'text-primary' : 'text-muted-foreground',
          )}
        >
          <ServiceIcon service={service} />
        </span>
        <div className="min-w-0 flex-1 space-y-1">
          <p className="font-mono text-[0.7rem] tracking-widest text-muted-foreground uppercase">
            {service.category}
          </p>
          <h2 id={headingId} className="leading-snug font-semibold">
            {service.name}
          </h2>
        </div>
        <Badge variant={usable ? 'default' : 'outline'} title={`${tierName(service.minimumTier)} clearance`}>
          {!usable && <Lock aria-hidden="true" />}
          {tierLabel(service.minimumTier)}
        </Badge>
      </header>

      <p className="text-sm text-muted-foreground">{service.shortDescription}</p>

      {preview.metrics.length > 0 && (
        <dl className="grid grid-cols-2 gap-2" aria-label="Key metrics">
          {preview.metrics.map(({ label, value }) => (
            <div key={label} data-testid="service-metric" className="rounded-md border bg-surface px-3 py-2">
              <dt className="font-mono text-[0.65rem] leading-snug tracking-wider break-words text-muted-foreground uppercase">
                {label}
              </dt>
              <dd className="mt-0.5 font-mono text-sm font-semibold">{formatFigure(label, value)}</dd>
            </div>
          ))}
        </dl>
      )}

      {preview.capabilities.length > 0 && (
        <div className="space-y-2">
          <h3 className="font-mono text-[0.7rem] tracking-widest text-muted-foreground uppercase">
            Capabilities
          </h3>
          <ul className="grid gap-1.5 text-sm">
            {preview.capabilities.map((capability) => (
              <li key={capability} data-testid="service-capability" className="flex items-start gap-2">
                <Check aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-primary" />
                {capability}
              </li>
            ))}
            {preview.moreCapabilities > 0 && (
              <li className="pl-5.5 font-mono text-xs text-muted-foreground">
                +{preview.moreCapabilities} more
              </li>
            )}
          </ul>
        </div>
      )}

      {usable ? (
        preview.activities.length > 0 && (
          <div className="space-y-2">
            <h3 className="font-mono text-[0.7rem] tracking-widest text-muted-foreground uppercase">
              Recent activity
            </h3>
            <ul className="grid gap-2">
              {preview.activities.map(({ kind, text }) => {
                const { label, icon: Icon, className } = ACTIVITY_KINDS[kind];
                return (
                  <li
                    key={text}
                    data-testid="service-activity"
                    className="flex items-start gap-2 rounded-md border-l-2 border-l-primary/50 bg-surface px-3 py-2 text-xs"
                  >
                    <Icon aria-hidden="true" className={cn('mt-px size-3.5 shrink-0', className)} />
                    <span>
                      <span className="sr-only">{label}: </span>
                      {text}
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>
        )
      ) : (
        <div
          data-testid="classified-panel"
          className="flex flex-col items-center gap-2 rounded-md border border-dashed border-warning/40 bg-[repeating-linear-gradient(135deg,transparent,transparent_8px,rgb(245_158_11/0.05)_8px,rgb(245_158_11/0.05)_16px)] px-4 py-5 text-center"
        >
          <Lock aria-hidden="true" className="size-5 text-warning" />
          <p className="font-mono text-sm font-bold tracking-[0.3em] text-warning">CLASSIFIED</p>
          <p className="text-xs text-muted-foreground">
            Live activity and the demo dashboard need {tierLabel(service.minimumTier)} (
            {tierName(service.minimumTier)}) clearance.
          </p>
        </div>
      )}

      {/* The buttons repeat on every card: each names its service through aria-describedby. */}
      <footer className="mt-auto flex flex-wrap gap-2 pt-1 [&>*]:min-w-fit [&>*]:flex-1">
        {usable ? (
          <>
            <Button variant="outline" onClick={onViewDemo} aria-describedby={headingId}>
              <MonitorPlay aria-hidden="true" />
              View Demo
            </Button>
            <Button onClick={onInquire} aria-describedby={headingId}>
              <Send aria-hidden="true" />
              Submit Service Inquiry
            </Button>
          </>
        ) : (
          <RequestAccessButton tier={service.minimumTier} request={requestAccess} describedBy={headingId} />
        )}
      </footer>
    </article>
  );
}

/** 'Request Tier N Access': a full-page navigation to sign in, or a link to the tier upgrade page. */
export function RequestAccessButton({
  tier,
  request,
  describedBy,
}: {
  tier: number;
  request: AccessRequest;
  describedBy?: string;
}) {
  const content = (
    <>
      <Lock aria-hidden="true" />
      Request Tier {tier} Access
    </>
  );
  return (
    <Button asChild variant="secondary">
      {request.fullPage ? (
        <a href={request.href} aria-describedby={describedBy}>
          {content}
        </a>
      ) : (
        <Link href={request.href} aria-describedby={describedBy}>
          {content}
        </Link>
      )}
    </Button>
  );
}
