import { useState } from 'react';
import type { BillingPeriod, UpgradeTierResponse } from '@contract/subscriptions';
import type { TierPlan } from '@contract/tiers';
import { BillingToggle } from '@/features/subscriptions/components/billing-toggle';
import { usePendingUpgrade } from '@/features/subscriptions/api/get-pending-upgrade';
import { PaymentDialog } from '@/features/subscriptions/components/payment-dialog';
import { ServiceLevelsTable } from '@/features/subscriptions/components/service-levels-table';
import { TierCard } from '@/features/subscriptions/components/tier-card';
import { PAID_PLANS } from '@/features/subscriptions/utils/plans';

interface TierUpgradePanelProps {
  userTier: number;
  onUpgraded: (result: UpgradeTierResponse) => void;
}

/** The Tier Upgrade tab: billing toggle, the three paid tiers, every tier's service levels, then 'Complete Payment'. */
export function TierUpgradePanel({ userTier, onUpgraded }: TierUpgradePanelProps) {
  const [billing, setBilling] = useState<BillingPeriod>('monthly');
  const [buying, setBuying] = useState<TierPlan | null>(null);
  const pending = usePendingUpgrade();
  const pendingTier = pending.data?.subscription.tier ?? null;

  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-xl text-sm text-muted-foreground">
          Paid in US dollars. Card payments take effect at once; crypto and bank transfers once confirmed.
        </p>
        <BillingToggle value={billing} onChange={setBilling} />
      </div>
      <ul className="grid gap-5 md:grid-cols-3">
        {PAID_PLANS.map((plan) => (
          <li key={plan.tier}>
            <TierCard
              plan={plan}
              billing={billing}
              userTier={userTier}
              pendingTier={pendingTier}
              onUpgrade={setBuying}
            />
          </li>
        ))}
      </ul>
      <ServiceLevelsTable userTier={userTier} />
      <PaymentDialog
        plan={buying}
        billing={billing}
        onClose={() => setBuying(null)}
        onUpgraded={onUpgraded}
      />
    </div>
  );
}
