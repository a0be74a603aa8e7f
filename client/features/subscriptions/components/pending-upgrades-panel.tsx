import { tierLabel } from '@contract/tiers';
import { Badge } from '@/components/ui/badge';
import { DecisionQueue } from '@/components/ui/decision-queue';
import { usePendingUpgrades } from '@/features/subscriptions/api/get-pending-upgrades';
import { useReviewUpgrade } from '@/features/subscriptions/api/review-upgrade';
import { BILLING_UNITS } from '@/features/subscriptions/utils/plans';
import { formatMoneyWithCode, formatRelativeTime } from '@/lib/format';

/**
 * Half of the Approvals tab, Directors only (a tier-4 upgrade makes a staff member): tier upgrades to approve
 * or reject. The payments route shows it beside the payments feature's pending payments.
 */
export function PendingUpgradesPanel() {
  const upgrades = usePendingUpgrades();
  const review = useReviewUpgrade();

  return (
    <DecisionQueue
      title="Tier upgrades"
      description="Director upgrades always wait for an approval; others wait for payment."
      query={upgrades}
      mutation={review}
      texts={{
        loading: 'Loading pending upgrades',
        error: 'Pending upgrades could not be loaded.',
        empty: 'No upgrades are waiting for approval.',
        list: 'Pending upgrades',
      }}
      itemTestId="pending-upgrade"
      decisions={{
        approve: { action: 'approve', label: 'Approve', toast: 'Upgrade Approved' },
        reject: { action: 'reject', label: 'Reject', toast: 'Upgrade Rejected' },
      }}
      subject={(upgrade) => `upgrade of ${upgrade.userEmail}`}
      canApprove={(upgrade) => upgrade.paymentStatus === 'completed'}
      failedText="Failed to review the upgrade."
    >
      {(upgrade) => (
        <>
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {upgrade.userEmail}
            <Badge variant="outline">
              {tierLabel(upgrade.currentTier)} → {tierLabel(upgrade.tier)}
            </Badge>
          </p>
          <p className="text-xs text-muted-foreground">
            {upgrade.tierName} · {formatMoneyWithCode(upgrade.amount, upgrade.currency)} per{' '}
            {BILLING_UNITS[upgrade.billing]} · payment {upgrade.paymentStatus ?? 'missing'} ·{' '}
            <time dateTime={upgrade.createdAt}>{formatRelativeTime(upgrade.createdAt)}</time>
          </p>
          {upgrade.paymentStatus !== 'completed' && (
            <p className="text-xs text-warning">Confirm its payment before approving this upgrade.</p>
          )}
        </>
      )}
    </DecisionQueue>
  );
}
