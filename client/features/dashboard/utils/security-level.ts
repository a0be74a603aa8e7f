export type SecurityLevel = 'MAXIMUM' | 'ELEVATED';

/** Tier 2 and above read 'MAXIMUM', tier 1 'ELEVATED' (design section 5, not the spec's 'tier 2 only'). */
export const MAXIMUM_SECURITY_TIER = 2;

export function securityLevel(tier: number): SecurityLevel {
  return tier >= MAXIMUM_SECURITY_TIER ? 'MAXIMUM' : 'ELEVATED';
}
