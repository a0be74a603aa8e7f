import type { BillingPeriod, PaymentMethod, PaymentStatus } from '@contract/payments';
import { PAYMENT_DEFAULT_CURRENCY } from '@contract/payments';
import { DIRECTOR_TIER, TIER_PLANS, type TierPlan } from '@contract/tiers';
import type { BadgeProps } from '@/components/ui/badge';

/** The paid tiers the payments page offers (spec 2.21): 2, 3 and 4. */
export const PAID_PLANS: readonly TierPlan[] = TIER_PLANS.filter((plan) => plan.monthly > 0);

/** The currency every tier price is in (spec 9: fixed to USD). */
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

/** A tier card's button is 'Current Tier' and disabled at or below the user's tier (spec 2.21, 6). */
export function isTierHeld(planTier: number, userTier: number): boolean {
  return userTier >= planTier;
}

/** Tier 4 waits for a Director's approval (design section 4). */
export function needsApproval(tier: number): boolean {
  return tier >= DIRECTOR_TIER;
}

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  stripe: 'Card',
  crypto: 'Crypto',
  bank_transfer: 'Bank transfer',
};

export const PAYMENT_STATUS_BADGES: Record<PaymentStatus, { label: string; variant: BadgeProps['variant'] }> =
  {
    completed: { label: 'Completed', variant: 'default' },
    pending: { label: 'Pending', variant: 'warning' },
    failed: { label: 'Failed', variant: 'destructive' },
    refunded: { label: 'Refunded', variant: 'secondary' },
  };
