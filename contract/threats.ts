export const THREAT_CATEGORIES = ['cyber', 'physical', 'insider', 'external'] as const;
export type ThreatCategory = (typeof THREAT_CATEGORIES)[number];

/** Also the severities of security alerts on the analytics dashboard (spec section 9). */
export const THREAT_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type ThreatSeverity = (typeof THREAT_SEVERITIES)[number];

/**
 * Traffic Light Protocol 2.0 markings, least to most restricted. Users below tier 4 never receive the last two
 * (issue 8): AMBER+STRICT and RED stay with the firm's Directors.
 */
export const TLP_LEVELS = ['CLEAR', 'GREEN', 'AMBER', 'AMBER+STRICT', 'RED'] as const;
export type TlpLevel = (typeof TLP_LEVELS)[number];
export const TLP_DIRECTOR_ONLY: readonly TlpLevel[] = ['AMBER+STRICT', 'RED'];
/** A new record's marking when its author gives none: limited disclosure, the cautious default. */
export const TLP_DEFAULT: TlpLevel = 'AMBER';
