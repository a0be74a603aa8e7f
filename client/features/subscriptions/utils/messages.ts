import type { UpgradeOutcome } from '@contract/subscriptions';
import { tierLabel, tierName } from '@contract/tiers';
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
} as const;

/** What the person is told once the upgrade call answered. */
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
        title: 'Payment Pending',
        description: `Your upgrade to ${name} takes effect as soon as your payment is confirmed.`,
      };
    case 'pending_approval':
      return {
        title: 'Awaiting Approval',
        description: `Payment received. ${name} is a staff tier: a Director approves it before it takes effect.`,
      };
  }
}

/** The server's reason for a refused payment: a field's message first, then the body's, else the fallback. */
export function paymentErrorMessage(
  error: unknown,
  fallback: string = SUBSCRIPTION_MESSAGES.upgradeFailed,
): string {
  if (!(error instanceof ApiError) || !error.body || error.status >= 500) return fallback;
  return error.body.issues?.[0]?.message ?? error.body.message ?? fallback;
}
