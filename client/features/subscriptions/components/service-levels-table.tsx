import { Timer } from 'lucide-react';
import {
  formatDays,
  formatHours,
  serviceLevel,
  SERVICE_LEVELS,
  type ServiceLevel,
} from '@contract/service-levels';
import { tierLabel, tierName } from '@contract/tiers';
import { cn } from '@/lib/utils';

/** A tier's service levels under its features on a tier card: what the firm promises at that tier. */
export function TierServiceLevels({ tier, className }: { tier: number; className?: string }) {
  const level = serviceLevel(tier);
  return (
    <div className={cn('grid gap-2 border-t pt-3', className)} data-testid="tier-service-levels">
      <p className="flex items-center gap-1.5 font-mono text-[0.7rem] tracking-widest text-muted-foreground uppercase">
        <Timer aria-hidden="true" className="size-3.5" />
        Service levels
      </p>
      <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">First response</dt>
        <dd className="text-right font-mono">{formatHours(level.firstResponseHours)}</dd>
        <dt className="text-muted-foreground">Case resolved</dt>
        <dd className="text-right font-mono">{formatDays(level.caseResolutionDays)}</dd>
        <dt className="text-muted-foreground">Investigation completed</dt>
        <dd className="text-right font-mono">{formatDays(level.investigationResolutionDays)}</dd>
      </dl>
    </div>
  );
}

const rowCells = (level: ServiceLevel) => [
  formatHours(level.firstResponseHours),
  formatDays(level.caseResolutionDays),
  formatDays(level.investigationResolutionDays),
];

/**
 * Every tier's service-level targets in one table (contract/service-levels.ts), Basic included: how soon a Director
 * first answers a case or request, and how soon it is resolved; the user's own tier is marked.
 */
export function ServiceLevelsTable({ userTier }: { userTier: number }) {
  return (
    <section aria-labelledby="service-levels-heading" className="grid gap-3">
      <div className="space-y-1">
        <h2 id="service-levels-heading" className="text-lg font-semibold tracking-tight">
          Service levels by tier
        </h2>
        <p className="max-w-2xl text-sm text-muted-foreground">
          Counted from when a case or investigation request is opened, on the tier held then. A case or
          request shows its clock; a missed target alerts the Directors.
        </p>
      </div>
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full min-w-[20rem] text-sm" data-testid="service-levels-table">
          <thead className="bg-muted/40 text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-2 py-2 font-medium sm:px-3">
                Tier
              </th>
              <th scope="col" className="px-2 py-2 font-medium sm:px-3">
                First response
              </th>
              <th scope="col" className="px-2 py-2 font-medium sm:px-3">
                Case resolved
              </th>
              <th scope="col" className="px-2 py-2 font-medium sm:px-3">
                Investigation completed
              </th>
            </tr>
          </thead>
          <tbody>
            {SERVICE_LEVELS.map((level) => (
              <tr
                key={level.tier}
                className={cn('border-t', level.tier === userTier && 'bg-primary/5')}
                aria-current={level.tier === userTier ? 'true' : undefined}
              >
                <th scope="row" className="px-2 py-2 text-left font-medium sm:px-3">
                  <span className="font-mono text-xs text-primary">{tierLabel(level.tier)}</span>{' '}
                  {tierName(level.tier)}
                  {level.tier === userTier && (
                    <span className="ml-2 text-xs font-normal text-muted-foreground">(yours)</span>
                  )}
                </th>
                {rowCells(level).map((cell, index) => (
                  <td key={index} className="px-2 py-2 font-mono sm:px-3">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
