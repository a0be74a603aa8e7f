import type { UpgradeOutcome } from '@contract/subscriptions';
import { DIRECTOR_TIER, tierLabel, tierName } from '@contract/tiers';
import { ApiError } from '@/lib/api-client';

/** The toasts and texts of subscriptions and tier upgrades. */
export const SUBSCRIPTION_MESSAGES = {
  upgradeLoginRequired: {
    title: 'Unauthorized',
    description: 'Please log in again to upgrade your tier.',
  },
  paymentFailed: 'Payment Failed',
  upgradeFailed: 'Failed to upgrade tier. Please try again.',
  noSubscription: 'No Active Subscription',
  upgradeWaiting: 'Upgrade Already Waiting',
} as const;

/**
 * What the person is told once the upgrade call answered. Only a completed payment is called received: a crypto
 * or bank transfer (tier 4 included) is awaiting confirmation, with a pointer to how to pay.
 */
export function upgradeOutcomeToast(
  outcome: UpgradeOutcome,
  tier: number,
): { title: string; description: string } {
  const name = `${tierLabel(tier)} (${tierName(tier)})`;
  switch (outcome) {
    case 'active':
      return { title: 'Tier Upgraded', description: `You now hold ${name} clearance.` };
    case 'pending_payment':
      return {
        title: 'Awaiting Confirmation',
        description:
          tier >= DIRECTOR_TIER
            ? `A Director confirms your payment, then approves ${name}. How to pay and your reference are under Payments › Subscription.`
            : `Your upgrade to ${name} takes effect once a Director confirms your payment. How to pay and your reference are under Payments › Subscription.`,
      };
    case 'pending_approval':
      return {
        title: 'Awaiting Approval',
        description: `Payment received. ${name} is a staff tier: a Director approves it before it takes effect.`,
      };
  }
}

/** The server refused because another upgrade still waits (409 UPGRADE_PENDING): not a failed payment. */
export function isUpgradePending(error: unknown): boolean {
  return error instanceof ApiError && error.body?.code === 'UPGRADE_PENDING';
}
