import type { ThreatSeverity, TlpLevel } from '@contract/threats';
import { Badge } from '@/components/ui/badge';
import { TLP_BADGE_CLASSES, TLP_DESCRIPTIONS, THREAT_SEVERITY_BADGES } from '@/features/threats/utils/labels';

export function ThreatSeverityBadge({ severity }: { severity: ThreatSeverity }) {
  const badge = THREAT_SEVERITY_BADGES[severity];
  return (
    <Badge variant={badge.variant}>
      <span className="sr-only">Severity: </span>
      {badge.label}
    </Badge>
  );
}

/** The Traffic Light Protocol marking, in its conventional colours. */
export function TlpBadge({ tlp }: { tlp: TlpLevel }) {
  return (
    <Badge className={TLP_BADGE_CLASSES[tlp]} title={TLP_DESCRIPTIONS[tlp]} data-tlp={tlp}>
      TLP:{tlp}
    </Badge>
  );
}
