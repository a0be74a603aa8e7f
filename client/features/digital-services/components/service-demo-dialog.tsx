import { lazy, Suspense } from 'react';
import { Send } from 'lucide-react';
import type { DigitalService } from '@contract/digital-services';
import { tierLabel } from '@contract/tiers';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { ServiceIcon } from '@/features/digital-services/components/service-icon';
import {
  analyticsEntries,
  formatConfidence,
  formatFigure,
  formatTimestamp,
  humanizeKey,
  type AnalyticsEntry,
} from '@/features/digital-services/utils/demo-content';

// The charting library is large: it loads when a demo with a chart is first opened, not with the page.
const AnalyticsChart = lazy(() =>
  import('@/features/digital-services/components/analytics-chart').then((module) => ({
    default: module.AnalyticsChart,
  })),
);

const STATUS_VARIANTS: Record<string, BadgeProps['variant']> = {
  completed: 'default',
  in_progress: 'warning',
  flagged: 'destructive',
};

function SectionHeading({ children }: { children: string }) {
  return (
    <h3 className="mb-3 font-mono text-xs tracking-widest text-muted-foreground uppercase">{children}</h3>
  );
}

function Analytics({ entries }: { entries: AnalyticsEntry[] }) {
  const charts = entries.filter((entry) => entry.kind === 'chart');
  const lists = entries.filter((entry) => entry.kind === 'list');
  const values = entries.filter((entry) => entry.kind === 'value');
  return (
    <div className="grid gap-4">
      {charts.length > 0 && (
        <div className="grid gap-3 md:grid-cols-2">
          {charts.map((entry) => (
            <Suspense key={entry.key} fallback={<Skeleton className="h-56" />}>
              <AnalyticsChart entry={entry} />
            </Suspense>
          ))}
        </div>
      )}
      {values.length > 0 && (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {values.map((entry) => (
            <div key={entry.key} className="rounded-md border bg-surface px-4 py-3">
              <dt className="font-mono text-[0.65rem] tracking-wider text-muted-foreground uppercase">
                {entry.title}
              </dt>
              <dd className="mt-1 font-mono text-lg font-semibold">{entry.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {lists.map((entry) => (
        <div key={entry.key} className="grid gap-2">
          <h4 className="font-mono text-[0.65rem] tracking-wider text-muted-foreground uppercase">
            {entry.title}
          </h4>
          <ul className="flex flex-wrap gap-1.5">
            {entry.items.map((item) => (
              <li key={item}>
                <Badge variant="secondary" className="tracking-normal normal-case">
                  {item}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

interface ServiceDemoDialogProps {
  /** The service of the demo (kept while the dialog closes, so its content does not vanish). */
  service: DigitalService | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInquire: (service: DigitalService) => void;
}

/**
 * The demo dashboard of a usable service: its figures as tiles, recent activities with status,
 * time and confidence, and its analytics as charts where they are numeric series.
 */
export function ServiceDemoDialog({ service, open, onOpenChange, onInquire }: ServiceDemoDialogProps) {
  return (
    <Dialog open={open && service !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl">
        {service && <DemoContent service={service} onInquire={() => onInquire(service)} />}
      </DialogContent>
    </Dialog>
  );
}

function DemoContent({ service, onInquire }: { service: DigitalService; onInquire: () => void }) {
  const { dashboard = {}, recent_activities: activities = [], analytics } = service.fullContent;
  const figures = Object.entries(dashboard);
  const newestFirst = [...activities].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp));
  const entries = analyticsEntries(analytics);

  return (
    <>
      <DialogHeader>
        <div className="flex flex-wrap items-center gap-2">
          <span className="flex size-8 items-center justify-center rounded-md border bg-surface text-primary">
            <ServiceIcon service={service} className="size-4" />
          </span>
          <Badge variant="secondary">Demo dashboard</Badge>
          <Badge>{tierLabel(service.minimumTier)}</Badge>
        </div>
        <DialogTitle className="mt-2 text-xl">{service.name}</DialogTitle>
        <DialogDescription>{service.description}</DialogDescription>
      </DialogHeader>

      {figures.length > 0 && (
        <section aria-label="Dashboard">
          <SectionHeading>Dashboard</SectionHeading>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {figures.map(([key, value]) => (
              <div key={key} data-testid="demo-stat" className="rounded-md border bg-surface px-4 py-3">
                <dt className="font-mono text-[0.65rem] tracking-wider text-muted-foreground uppercase">
                  {humanizeKey(key)}
                </dt>
                <dd className="mt-1 font-mono text-xl font-semibold text-foreground">
                  {formatFigure(key, value)}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      {newestFirst.length > 0 && (
        <section aria-label="Recent activities">
          <SectionHeading>Recent activities</SectionHeading>
          <ul className="grid gap-2">
            {newestFirst.map((item) => (
              <li
                key={`${item.timestamp}-${item.activity}`}
                data-testid="demo-activity"
                className="grid gap-2 rounded-md border bg-surface px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-center"
              >
                <div className="grid gap-1">
                  <p className="text-sm">{item.activity}</p>
                  <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                    <Badge variant={STATUS_VARIANTS[item.status] ?? 'secondary'}>
                      {humanizeKey(item.status)}
                    </Badge>
                    <time dateTime={item.timestamp}>{formatTimestamp(item.timestamp)}</time>
                  </p>
                </div>
                {item.confidence !== undefined && (
                  <div className="flex items-center gap-2 sm:w-40">
                    <div aria-hidden="true" className="h-1.5 flex-1 overflow-hidden rounded-full bg-muted">
                      <div
                        className="h-full rounded-full bg-primary"
                        style={{ width: formatConfidence(item.confidence) }}
                      />
                    </div>
                    <span className="font-mono text-xs whitespace-nowrap">
                      {formatConfidence(item.confidence)}
                      <span className="sr-only"> confidence</span>
                    </span>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      {entries.length > 0 && (
        <section aria-label="Analytics">
          <SectionHeading>Analytics</SectionHeading>
          <Analytics entries={entries} />
        </section>
      )}

      <DialogFooter className="border-t pt-4">
        <DialogClose asChild>
          <Button variant="outline">Close</Button>
        </DialogClose>
        <Button onClick={onInquire}>
          <Send aria-hidden="true" />
          Submit Service Inquiry
        </Button>
      </DialogFooter>
    </>
  );
}
