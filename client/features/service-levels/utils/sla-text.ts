import type { Sla, SlaSort } from '@contract/service-levels';

/** How a service-level clock reads at a moment: its words and how worrying it is. */
export interface SlaReading {
  /** 'running': within target; 'breached': a clock ran past its due time; 'met': resolved within target. */
  state: 'running' | 'breached' | 'met';
  text: string;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** A span as people say it: '45 min', '3 h', '12 days' (rounded down; at least 1 min). */
export function formatSpan(ms: number): string {
  const span = Math.max(ms, MINUTE_MS);
  if (span < HOUR_MS) return `${Math.floor(span / MINUTE_MS)} min`;
  if (span < 2 * DAY_MS) return `${Math.floor(span / HOUR_MS)} h`;
  return `${Math.floor(span / DAY_MS)} days`;
}

const at = (iso: string) => new Date(iso).getTime();

/**
 * The clock that matters now: the first response while none came, then the resolution; once resolved, whether it
 * was resolved within target. "First response due in 3 h", "First response breached 2 h ago", "Resolution due in
 * 12 days", "Resolved within target", "Resolved 2 days late".
 */
export function readSla(sla: Sla, now: number = Date.now()): SlaReading {
  if (sla.resolvedAt) {
    const late = at(sla.resolvedAt) - at(sla.resolutionDueAt);
    if (late > 0) return { state: 'breached', text: `Resolved ${formatSpan(late)} late` };
    return sla.responseBreached
      ? { state: 'breached', text: 'Resolved within target; first response was late' }
      : { state: 'met', text: 'Resolved within target' };
  }
  const responding = sla.firstRespondedAt === null;
  const label = responding ? 'First response' : 'Resolution';
  const due = at(responding ? sla.firstResponseDueAt : sla.resolutionDueAt);
  if (now > due) return { state: 'breached', text: `${label} breached ${formatSpan(now - due)} ago` };
  if (!responding && sla.responseBreached) {
    return { state: 'breached', text: `Resolution due in ${formatSpan(due - now)}; first response was late` };
  }
  return { state: 'running', text: `${label} due in ${formatSpan(due - now)}` };
}

/** What a Directors' list shows by service level: its order and which clocks (API `sort` and `breached`). */
export interface SlaListFilter {
  sort: SlaSort;
  breached: 'any' | 'true' | 'false';
}

export const DEFAULT_SLA_FILTER: SlaListFilter = { sort: 'newest', breached: 'any' };

/** The list's query string for a filter ('' for the default): `sort=due&breached=true`. */
export function slaFilterQuery(filter: SlaListFilter): string {
  const params = new URLSearchParams();
  if (filter.sort !== 'newest') params.set('sort', filter.sort);
  if (filter.breached !== 'any') params.set('breached', filter.breached);
  return params.toString();
}
