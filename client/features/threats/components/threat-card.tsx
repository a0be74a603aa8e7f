import { ShieldCheck, Crosshair } from 'lucide-react';
import type { Threat } from '@contract/threats';
import { Badge } from '@/components/ui/badge';
import { ThreatSeverityBadge, TlpBadge } from '@/features/threats/components/threat-badges';
import { THREAT_CATEGORY_LABELS } from '@/features/threats/utils/labels';
import { formatDate, formatRelativeTime } from '@/lib/format';

/** One record of the feed: severity, category, marking, title, description, indicators, mitigations. */
export function ThreatCard({ threat }: { threat: Threat }) {
  return (
    <li data-testid="threat-card" className="flex flex-col gap-3 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-center gap-2">
        <ThreatSeverityBadge severity={threat.severity} />
        <Badge variant="secondary">
          <span className="sr-only">Category: </span>
          {THREAT_CATEGORY_LABELS[threat.category]}
        </Badge>
        <TlpBadge tlp={threat.tlp} />
      </div>
      <div className="min-w-0 space-y-1">
        <h3 className="text-lg leading-snug font-semibold break-words">{threat.title}</h3>
        <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{threat.description}</p>
      </div>
      {threat.indicators.length > 0 && (
        <section aria-label="Indicators" className="space-y-1.5">
          <h4 className="flex items-center gap-1.5 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
            <Crosshair aria-hidden="true" className="size-3.5" />
            Indicators
          </h4>
          <ul className="flex flex-wrap gap-1.5">
            {threat.indicators.map((indicator) => (
              <li key={indicator}>
                <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-all">
                  {indicator}
                </code>
              </li>
            ))}
          </ul>
        </section>
      )}
      {threat.mitigations.length > 0 && (
        <section aria-label="Mitigations" className="space-y-1.5">
          <h4 className="flex items-center gap-1.5 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
            <ShieldCheck aria-hidden="true" className="size-3.5" />
            Mitigations
          </h4>
          <ul className="list-disc space-y-0.5 pl-5 text-sm">
            {threat.mitigations.map((mitigation) => (
              <li key={mitigation} className="break-words">
                {mitigation}
              </li>
            ))}
          </ul>
        </section>
      )}
      <dl className="mt-auto flex flex-wrap gap-x-5 gap-y-1 text-xs text-muted-foreground">
        <div className="flex gap-1">
          <dt>Source:</dt>
          <dd className="text-foreground">{threat.source}</dd>
        </div>
        <div className="flex gap-1">
          <dt>Added:</dt>
          <dd>
            <time dateTime={threat.addedAt} title={formatDate(threat.addedAt)}>
              {formatRelativeTime(threat.addedAt)}
            </time>
          </dd>
        </div>
        {/* An imported record was made by its producer before it reached us: STIX `created`, named as such. */}
        {Math.abs(Date.parse(threat.addedAt) - Date.parse(threat.createdAt)) > 60_000 && (
          <div className="flex gap-1">
            <dt>Created (STIX):</dt>
            <dd>
              <time dateTime={threat.createdAt}>{formatDate(threat.createdAt)}</time>
            </dd>
          </div>
        )}
      </dl>
    </li>
  );
}
