import { Check, ShieldCheck } from 'lucide-react';
import type { BillingPeriod } from '@contract/subscriptions';
import { tierLabel, type TierPlan } from '@contract/tiers';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { TierServiceLevels } from '@/features/subscriptions/components/service-levels-table';
import {
  BILLING_UNITS,
  isTierHeld,
  needsApproval,
  pendingUpgradeReason,
  planPrice,
} from '@/features/subscriptions/utils/plans';
import { formatUSD } from '@/lib/format';
import { cn } from '@/lib/utils';

interface TierCardProps {
  plan: TierPlan;
  billing: BillingPeriod;
  userTier: number;
  /** The tier of an upgrade that still waits, if any: no other upgrade can start until it is settled. */
  pendingTier?: number | null;
  onUpgrade: (plan: TierPlan) => void;
}

/** One paid tier: price per period in USD, features, service levels, and 'Upgrade' or a disabled 'Current Tier'. */
export function TierCard({ plan, billing, userTier, pendingTier = null, onUpgrade }: TierCardProps) {
  const held = isTierHeld(plan.tier, userTier);
  const current = plan.tier === userTier;
  const blocked = pendingUpgradeReason(plan.tier, pendingTier);
  const reasonId = `tier-card-${plan.tier}-reason`;
  return (
    <Card
      data-testid="tier-card"
      aria-labelledby={`tier-card-${plan.tier}`}
      role="group"
      className={cn('h-full', current && 'border-primary/70 shadow-primary/10')}
    >
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <span className="font-mono text-xs tracking-widest text-primary">{tierLabel(plan.tier)}</span>
          {current && <Badge>Current Tier</Badge>}
        </div>
        <CardTitle id={`tier-card-${plan.tier}`} className="text-xl">
          {plan.name}
        </CardTitle>
        <p>
          <span className="font-mono text-3xl font-bold" data-testid="tier-price">
            {formatUSD(planPrice(plan, billing), { wholeNumber: true })}
          </span>
          <span className="text-sm text-muted-foreground"> / {BILLING_UNITS[billing]}</span>
        </p>
      </CardHeader>
      <CardContent className="flex-1">
        <ul aria-label={`${plan.name} features`} className="grid gap-2 text-sm">
          {plan.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              {feature}
            </li>
          ))}
        </ul>
        <TierServiceLevels tier={plan.tier} className="mt-4" />
        {needsApproval(plan.tier) && (
          <p className="mt-4 flex items-start gap-2 text-xs text-muted-foreground">
            <ShieldCheck aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
            Staff tier: a Director approves each upgrade.
          </p>
        )}
      </CardContent>
      <CardFooter>
        {held ? (
          <Button variant="secondary" className="w-full" disabled>
            Current Tier
          </Button>
        ) : blocked ? (
          <div className="grid w-full gap-2">
            <Button
              variant="secondary"
              className="w-full"
              disabled
              aria-label={`Upgrade to ${plan.name}`}
              aria-describedby={reasonId}
            >
              {plan.tier === pendingTier ? 'Awaiting Confirmation' : 'Upgrade'}
            </Button>
            <p id={reasonId} className="text-xs text-muted-foreground" data-testid="upgrade-blocked-reason">
              {blocked}
            </p>
          </div>
        ) : (
          <Button className="w-full" aria-label={`Upgrade to ${plan.name}`} onClick={() => onUpgrade(plan)}>
            Upgrade
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
