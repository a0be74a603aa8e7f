export type SecurityLevel = 'MAXIMUM' | 'ELEVATED';

/** Tier 2 and above read 'MAXIMUM', tier 1 'ELEVATED': every tier from 2 up, not tier 2 alone. */
export const MAXIMUM_SECURITY_TIER = 2;

export function securityLevel(tier: number): SecurityLevel {
  return tier >= MAXIMUM_SECURITY_TIER ? 'MAXIMUM' : 'ELEVATED';
}
