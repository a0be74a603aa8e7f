import type { ThreatCategory, ThreatSeverity, TlpLevel } from '@contract/threats';
import type { BadgeProps } from '@/components/ui/badge';

export const THREAT_CATEGORY_LABELS: Record<ThreatCategory, string> = {
  cyber: 'Cyber',
  physical: 'Physical',
  insider: 'Insider',
  external: 'External',
};

export const THREAT_SEVERITY_BADGES: Record<
  ThreatSeverity,
  { label: string; variant: BadgeProps['variant'] }
> = {
  critical: { label: 'Critical', variant: 'destructive' },
  high: { label: 'High', variant: 'warning' },
  medium: { label: 'Medium', variant: 'outline' },
  low: { label: 'Low', variant: 'secondary' },
};

/**
 * FIRST's TLP 2.0 colours: the level's colour on black (RED #FF2B2B, AMBER #FFC000, GREEN #33FF00, CLEAR white),
 * so a marking reads the same here as on any shared report.
 */
export const TLP_BADGE_CLASSES: Record<TlpLevel, string> = {
  CLEAR: 'border-white/60 bg-black text-white',
  GREEN: 'border-[#33FF00]/60 bg-black text-[#33FF00]',
  AMBER: 'border-[#FFC000]/60 bg-black text-[#FFC000]',
  'AMBER+STRICT': 'border-[#FFC000]/60 bg-black text-[#FFC000]',
  RED: 'border-[#FF2B2B]/60 bg-black text-[#FF2B2B]',
};

export const TLP_DESCRIPTIONS: Record<TlpLevel, string> = {
  CLEAR: 'No limit on disclosure',
  GREEN: 'Limited to the community',
  AMBER: 'Limited to the organisation and its clients',
  'AMBER+STRICT': 'Limited to the organisation (Directors only)',
  RED: 'Named recipients only (Directors only)',
};

export const THREAT_MESSAGES = {
  created: { title: 'Threat Added', description: 'The threat is now in the feed.' },
  failedTitle: 'Error',
  createFailed: 'Failed to add threat.',
  exported: 'STIX Exported',
  exportFailed: 'Failed to export threat intelligence.',
  importFailed: 'Failed to import the bundle.',
  notJson: 'The file is not valid JSON.',
  tooLarge: 'The file is larger than 10 MB.',
  noThreats: 'No threats found',
} as const;

/** The server takes bundles of up to 10 MB. */
export const STIX_FILE_MAX_BYTES = 10 * 1_048_576;
