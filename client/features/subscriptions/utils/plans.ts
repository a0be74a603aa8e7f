import type { BillingPeriod } from '@contract/subscriptions';
import { PAYMENT_DEFAULT_CURRENCY } from '@contract/payments';
import { DIRECTOR_TIER, TIER_PLANS, tierLabel, type TierPlan } from '@contract/tiers';

/** The paid tiers the payments page offers: 2, 3 and 4. */
export const PAID_PLANS: readonly TierPlan[] = TIER_PLANS.filter((plan) => plan.monthly > 0);

/** The currency every tier price is in: always USD. */
export const PLAN_CURRENCY = PAYMENT_DEFAULT_CURRENCY;

export const BILLING_LABELS: Record<BillingPeriod, string> = {
  monthly: 'Monthly',
  yearly: 'Yearly (Save 17%)',
};

export const BILLING_UNITS: Record<BillingPeriod, string> = { monthly: 'month', yearly: 'year' };

export function planPrice(plan: Pick<TierPlan, 'monthly' | 'yearly'>, billing: BillingPeriod): number {
  return plan[billing];
}

/** The upgrade dialog's choices: the user's own tier (marked 'Current Tier') and every tier above it. */
export function plansFrom(tier: number): readonly TierPlan[] {
  return TIER_PLANS.filter((plan) => plan.tier >= tier);
}

/** A tier card's button is 'Current Tier' and disabled at or below the user's tier: nothing to buy there. */
export function isTierHeld(planTier: number, userTier: number): boolean {
  return userTier >= planTier;
}

/**
 * Why a tier cannot be bought while another upgrade waits (the server refuses any second upgrade with 409
 * UPGRADE_PENDING); null when nothing waits.
 */
export function pendingUpgradeReason(
  planTier: number,
  pendingTier: number | null | undefined,
): string | null {
  if (pendingTier == null) return null;
  return planTier === pendingTier
    ? `Your upgrade to ${tierLabel(planTier)} is awaiting confirmation: Payments › Subscription shows how to pay.`
    : `Your upgrade to ${tierLabel(pendingTier)} is awaiting confirmation; another upgrade can start once it is settled.`;
}

/** Tier 4 is staff-level: even paid, it waits for a Director's approval. */
export function needsApproval(tier: number): boolean {
  return tier >= DIRECTOR_TIER;
}
