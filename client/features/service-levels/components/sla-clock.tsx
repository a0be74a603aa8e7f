import { useEffect, useState } from 'react';
import { CalendarClock, CircleCheck, Timer, TimerOff } from 'lucide-react';
import type { Sla } from '@contract/service-levels';
import { tierLabel } from '@contract/tiers';
import { readSla } from '@/features/service-levels/utils/sla-text';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';

/** The current time, again every `everyMs` (a minute by default), so a clock's words move on by themselves. */
function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

const STATE_STYLES = {
  running: 'border-primary/40 bg-primary/10 text-primary',
  breached: 'border-destructive/50 bg-destructive/15 text-red-400',
  met: 'border-border bg-secondary text-secondary-foreground',
} as const;

const STATE_ICONS = { running: Timer, breached: TimerOff, met: CircleCheck } as const;

interface SlaClockProps {
  sla: Sla;
  /** What the client asked for themselves, shown beside the clock: a case's deadline, a request's timeframe. */
  clientTarget?: { label: string; value: string } | null;
  className?: string;
}

/**
 * A case's or investigation request's service-level clock (design 11.6): "First response due in 3 h", "First
 * response breached 2 h ago", "Resolved within target", with the client's own deadline beside it. Hovering shows
 * the due times of both clocks and the tier whose targets apply.
 */
export function SlaClock({ sla, clientTarget, className }: SlaClockProps) {
  const now = useNow();
  const reading = readSla(sla, now);
  const Icon = STATE_ICONS[reading.state];
  const details = [
    `Service level of ${tierLabel(sla.tier)}`,
    `First response due ${formatDateTime(sla.firstResponseDueAt)}${
      sla.firstRespondedAt ? `, answered ${formatDateTime(sla.firstRespondedAt)}` : ''
    }`,
    `Resolution due ${formatDateTime(sla.resolutionDueAt)}${
      sla.resolvedAt ? `, resolved ${formatDateTime(sla.resolvedAt)}` : ''
    }`,
  ].join('\n');
  return (
    <div className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 text-xs', className)}>
      <span
        data-testid="sla-clock"
        data-state={reading.state}
        title={details}
        className={cn(
          'inline-flex items-center gap-1.5 rounded border px-2 py-0.5 font-medium',
          STATE_STYLES[reading.state],
        )}
      >
        <Icon aria-hidden="true" className="size-3.5 shrink-0" />
        <span className="sr-only">Service level: </span>
        {reading.text}
      </span>
      {clientTarget && (
        <span
          data-testid="sla-client-target"
          className="inline-flex items-center gap-1 text-muted-foreground"
        >
          <CalendarClock aria-hidden="true" className="size-3.5 shrink-0" />
          {clientTarget.label}: <span className="text-foreground">{clientTarget.value}</span>
        </span>
      )}
    </div>
  );
}
