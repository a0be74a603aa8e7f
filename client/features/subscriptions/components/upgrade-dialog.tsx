import { useState } from 'react';
import { Check } from 'lucide-react';
import type { BillingPeriod, UpgradeTierResponse } from '@contract/subscriptions';
import { tierLabel, type TierPlan } from '@contract/tiers';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { BillingToggle } from '@/features/subscriptions/components/billing-toggle';
import { CompletePaymentStep } from '@/features/subscriptions/components/complete-payment-step';
import { usePendingUpgrade } from '@/features/subscriptions/api/get-pending-upgrade';
import {
  BILLING_UNITS,
  pendingUpgradeReason,
  planPrice,
  plansFrom,
} from '@/features/subscriptions/utils/plans';
import { formatUSD } from '@/lib/format';
import { cn } from '@/lib/utils';

interface UpgradeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userTier: number;
  onUpgraded: (result: UpgradeTierResponse) => void;
}

type Step = { name: 'choose' } | { name: 'pay'; plan: TierPlan };

/**
 * The one upgrade dialog of the dashboard and the marketplace: the tiers above the user's from
 * the tier catalogue, the user's own marked 'Current Tier', a billing toggle, then the same 'Complete Payment'
 * step as the payments page.
 */
export function UpgradeDialog({ open, onOpenChange, userTier, onUpgraded }: UpgradeDialogProps) {
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [billing, setBilling] = useState<BillingPeriod>('monthly');
  const [selected, setSelected] = useState<number | null>(null);
  const [wasOpen, setWasOpen] = useState(open);
  // Every opening starts again at the tier choice.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setStep({ name: 'choose' });
      setSelected(null);
    }
  }

  const pending = usePendingUpgrade();
  const pendingTier = pending.data?.subscription.tier ?? null;
  const plans = plansFrom(userTier);
  const choice =
    pendingTier === null
      ? (plans.find((plan) => plan.tier === selected && plan.tier > userTier) ?? null)
      : null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        {step.name === 'choose' ? (
          <>
            <DialogHeader>
              <DialogTitle>Upgrade Tier</DialogTitle>
              <DialogDescription>
                Pick a higher clearance. Card payments are instant; prices are in US dollars.
              </DialogDescription>
            </DialogHeader>
            {pendingTier !== null && (
              <p
                role="status"
                data-testid="upgrade-blocked-reason"
                className="rounded-md border border-warning/50 bg-warning/10 p-3 text-sm"
              >
                {pendingUpgradeReason(pendingTier, pendingTier)}
              </p>
            )}
            <BillingToggle value={billing} onChange={setBilling} />
            <div role="radiogroup" aria-label="Tier" className="grid gap-2">
              {plans.map((plan) => {
                const current = plan.tier === userTier;
                const checked = plan.tier === choice?.tier;
                return (
                  <button
                    key={plan.tier}
                    type="button"
                    role="radio"
                    aria-checked={checked}
                    disabled={current || pendingTier !== null}
                    onClick={() => setSelected(plan.tier)}
                    data-testid="upgrade-option"
                    className={cn(
                      'flex items-center gap-3 rounded-md border bg-surface p-3 text-left transition-colors outline-none',
                      'hover:border-primary/60 focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-default disabled:hover:border-border',
                      checked && 'border-primary bg-primary/5',
                    )}
                  >
                    <span
                      aria-hidden="true"
                      className={cn(
                        'flex size-5 shrink-0 items-center justify-center rounded-full border',
                        checked && 'border-primary bg-primary text-primary-foreground',
                      )}
                    >
                      {checked && <Check className="size-3" />}
                    </span>
                    <span className="grid min-w-0 flex-1 gap-0.5">
                      <span className="flex flex-wrap items-center gap-2">
                        <span className="font-mono text-xs tracking-widest text-primary">
                          {tierLabel(plan.tier)}
                        </span>
                        <span className="font-medium">{plan.name}</span>
                        {current && <Badge variant="secondary">Current Tier</Badge>}
                        {plan.tier === pendingTier && <Badge variant="warning">Awaiting confirmation</Badge>}
                      </span>
                      <span className="text-xs text-muted-foreground">{plan.features.join(' · ')}</span>
                    </span>
                    <span className="shrink-0 font-mono text-sm font-semibold">
                      {plan.monthly === 0
                        ? 'Free'
                        : `${formatUSD(planPrice(plan, billing), { wholeNumber: true })}/${BILLING_UNITS[billing]}`}
                    </span>
                  </button>
                );
              })}
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button disabled={!choice} onClick={() => choice && setStep({ name: 'pay', plan: choice })}>
                Continue
              </Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Complete Payment</DialogTitle>
              <DialogDescription>Choose how to pay for your new tier.</DialogDescription>
            </DialogHeader>
            <CompletePaymentStep
              plan={step.plan}
              billing={billing}
              onBack={() => setStep({ name: 'choose' })}
              onCancel={() => onOpenChange(false)}
              onUpgraded={(result) => {
                onOpenChange(false);
                onUpgraded(result);
              }}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
