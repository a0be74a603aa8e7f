export const THREAT_CATEGORIES = ['cyber', 'physical', 'insider', 'external'] as const;
export type ThreatCategory = (typeof THREAT_CATEGORIES)[number];

/** Also the severities of security alerts on the analytics dashboard (spec section 9). */
export const THREAT_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type ThreatSeverity = (typeof THREAT_SEVERITIES)[number];
