import type { ThreatResults as Results } from '@contract/ai';
import { Badge } from '@/components/ui/badge';
import { INDICATOR_TYPE_LABELS, RISK_BADGES } from '@/features/ai/utils/labels';

const heading = 'text-xs font-semibold tracking-wider text-muted-foreground uppercase';

/** The risk level with the findings behind it, the indicators found, the matched threats and what to do. */
export function ThreatResults({ results }: { results: Results }) {
  const risk = RISK_BADGES[results.riskLevel];
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Badge variant={risk.variant} data-testid="risk-level">
          <span className="sr-only">Risk level: </span>
          {risk.label} risk
        </Badge>
        <span className="font-mono text-xs text-muted-foreground">{results.score} points</span>
      </div>
      <section className="grid gap-1">
        <h5 className={heading}>Reasons</h5>
        <ul aria-label="Reasons" className="list-disc space-y-0.5 pl-5 text-sm">
          {results.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      </section>
      <section className="grid gap-1">
        <h5 className={heading}>Indicators</h5>
        {results.indicators.length === 0 ? (
          <p className="text-sm text-muted-foreground">No indicators of compromise found.</p>
        ) : (
          <div className="overflow-x-auto">
            <table aria-label="Indicators" className="w-full text-left text-sm">
              <thead className="text-xs text-muted-foreground">
                <tr>
                  <th className="py-1 pr-3 font-medium">Type</th>
                  <th className="py-1 pr-3 font-medium">Value</th>
                  <th className="py-1 pr-3 font-medium">Known threat</th>
                </tr>
              </thead>
              <tbody>
                {results.indicators.map((indicator) => (
                  <tr key={`${indicator.type} ${indicator.value}`} className="border-t">
                    <td className="py-1 pr-3 whitespace-nowrap">{INDICATOR_TYPE_LABELS[indicator.type]}</td>
                    <td className="py-1 pr-3 font-mono text-xs break-all">
                      {indicator.value}
                      {indicator.defanged && (
                        <span className="ml-2 text-muted-foreground">(was defanged)</span>
                      )}
                    </td>
                    <td className="py-1 pr-3">
                      {indicator.matched ? <Badge variant="destructive">Match</Badge> : 'No'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {results.matchedThreats.length > 0 && (
        <section className="grid gap-1">
          <h5 className={heading}>Matched threats</h5>
          <ul aria-label="Matched threats" className="grid gap-2">
            {results.matchedThreats.map((threat) => (
              <li key={threat.id} className="rounded-md border p-2 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{threat.title}</span>
                  <Badge variant={RISK_BADGES[threat.severity].variant}>{threat.severity}</Badge>
                  <Badge variant="outline">TLP:{threat.tlp}</Badge>
                </div>
                <p className="mt-1 font-mono text-xs break-all text-muted-foreground">
                  {threat.matchedIndicators.join(', ')}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
      {results.mitigations.length > 0 && (
        <section className="grid gap-1">
          <h5 className={heading}>Mitigations</h5>
          <ol aria-label="Mitigations" className="list-decimal space-y-0.5 pl-5 text-sm">
            {results.mitigations.map((mitigation) => (
              <li key={mitigation}>{mitigation}</li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
