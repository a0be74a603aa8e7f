/** The one tier catalogue every screen and the server use (docs/product.md, Tiers). */
export const TIER_MIN = 1;
export const TIER_MAX = 4;
export const DEFAULT_TIER = 1;
/** Analytics, all/assigned cases, enterprise clients, adding threat intelligence, approvals. */
export const DIRECTOR_TIER = 4;

export type Tier = 1 | 2 | 3 | 4;

export interface TierPlan {
  tier: Tier;
  name: string;
  /** USD per billing period; tier 1 is free. */
  monthly: number;
  yearly: number;
  features: readonly string[];
}

export const TIER_PLANS: readonly TierPlan[] = [
  {
    tier: 1,
    name: 'Basic',
    monthly: 0,
    yearly: 0,
    features: ['Public intelligence briefs', 'Marketplace access'],
  },
  {
    tier: 2,
    name: 'Operator',
    monthly: 99,
    yearly: 999,
    features: ['Advanced intelligence services', 'Priority case handling'],
  },
  {
    tier: 3,
    name: 'Agent',
    monthly: 299,
    yearly: 2999,
    features: ['Advanced intelligence services', 'Priority case handling', '24/7 support access'],
  },
  {
    tier: 4,
    name: 'Director',
    monthly: 799,
    yearly: 7999,
    features: [
      'Advanced intelligence services',
      'Priority case handling',
      '24/7 support access',
      'Admin panel access',
    ],
  },
];

export function tierName(tier: number): string {
  return TIER_PLANS.find((plan) => plan.tier === tier)?.name ?? `Tier ${tier}`;
}

export function tierLabel(tier: number): string {
  return `TIER ${tier}`;
}
