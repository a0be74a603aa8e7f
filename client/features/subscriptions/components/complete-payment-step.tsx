import { useId, useState } from 'react';
import { ArrowLeft, Bitcoin, CreditCard, Landmark, Lock, type LucideIcon } from 'lucide-react';
import { PAYMENT_METHODS, type PaymentMethod } from '@contract/payments';
import { type BillingPeriod, type UpgradeTierResponse } from '@contract/subscriptions';
import { tierLabel, type TierPlan } from '@contract/tiers';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { TestModeNotice } from '@/components/ui/test-mode-notice';
import { toast } from '@/components/ui/use-toast';
import { useUpgradeTier } from '@/features/subscriptions/api/upgrade-tier';
import {
  isUpgradePending,
  SUBSCRIPTION_MESSAGES,
  upgradeOutcomeToast,
} from '@/features/subscriptions/utils/messages';
import { BILLING_UNITS, needsApproval, PLAN_CURRENCY, planPrice } from '@/features/subscriptions/utils/plans';
import { errorMessage } from '@/lib/api-client';
import { toastFailure } from '@/lib/failure-toast';
import { formatUSD } from '@/lib/format';
import { usePaymentTestMode } from '@/lib/payment-settings';

const METHOD_DETAILS: Record<PaymentMethod, { label: string; description: string; icon: LucideIcon }> = {
  stripe: { label: 'Card', description: 'Charged now; the tier applies at once.', icon: CreditCard },
  crypto: {
    label: 'Crypto',
    description: 'The tier applies once a Director confirms the payment.',
    icon: Bitcoin,
  },
  bank_transfer: {
    label: 'Bank transfer',
    description: 'The tier applies once a Director confirms the transfer.',
    icon: Landmark,
  },
};

export interface CompletePaymentStepProps {
  plan: TierPlan;
  billing: BillingPeriod;
  /** Back to the tier choice (the upgrade dialog); absent where the plan was picked outside the dialog. */
  onBack?: () => void;
  onCancel: () => void;
  /** The upgrade call answered: the dialog closes; the caller refreshes the user record. */
  onUpgraded: (result: UpgradeTierResponse) => void;
}

/**
 * 'Complete Payment': the amount and currency are read-only, the method is chosen (stripe is
 * shown as Card), then `POST /api/upgrade-tier`. Every outcome and failure ends in a toast.
 */
export function CompletePaymentStep({
  plan,
  billing,
  onBack,
  onCancel,
  onUpgraded,
}: CompletePaymentStepProps) {
  const [method, setMethod] = useState<PaymentMethod>('stripe');
  const upgrade = useUpgradeTier();
  const id = useId();
  const amount = planPrice(plan, billing);
  const testMode = usePaymentTestMode();

  function pay() {
    upgrade.mutate(
      { tier: plan.tier, billing, paymentMethod: method },
      {
        onSuccess: (result) => {
          toast(upgradeOutcomeToast(result.outcome, plan.tier));
          onUpgraded(result);
        },
        onError: (error) => {
          if (isUpgradePending(error)) {
            // Nothing failed: an earlier upgrade waits. The refreshed page now shows it and why this one is off.
            toast({
              title: SUBSCRIPTION_MESSAGES.upgradeWaiting,
              description: errorMessage(error, SUBSCRIPTION_MESSAGES.upgradeFailed),
            });
            onCancel();
            return;
          }
          toastFailure(error, SUBSCRIPTION_MESSAGES.upgradeFailed, {
            title: SUBSCRIPTION_MESSAGES.paymentFailed,
            signedOut: SUBSCRIPTION_MESSAGES.upgradeLoginRequired,
          });
        },
      },
    );
  }

  return (
    <form
      aria-label="Complete payment"
      className="grid gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        pay();
      }}
    >
      <div className="flex items-center justify-between gap-3 rounded-md border bg-surface p-4">
        <div className="grid gap-0.5">
          <p className="font-mono text-xs tracking-widest text-primary">{tierLabel(plan.tier)}</p>
          <p className="font-semibold">{plan.name}</p>
          <p className="text-xs text-muted-foreground">
            Billed {billing}
            {needsApproval(plan.tier) && ' · a Director approves this tier'}
          </p>
        </div>
        <p className="font-mono text-xl font-bold">
          {formatUSD(amount, { wholeNumber: true })}
          <span className="text-sm font-normal text-muted-foreground">/{BILLING_UNITS[billing]}</span>
        </p>
      </div>

      <div className="grid grid-cols-[2fr_1fr] gap-3">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-amount`}>Amount</Label>
          <Input
            id={`${id}-amount`}
            value={amount.toFixed(2)}
            readOnly
            className="cursor-default bg-muted/40 font-mono"
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-currency`}>Currency</Label>
          <Input
            id={`${id}-currency`}
            value={PLAN_CURRENCY}
            readOnly
            className="cursor-default bg-muted/40 font-mono"
          />
        </div>
      </div>

      <div className="grid gap-3">
        <p id={`${id}-method`} className="font-mono text-xs tracking-widest text-muted-foreground uppercase">
          Payment method
        </p>
        {testMode && <TestModeNotice />}
        <RadioGroup
          aria-labelledby={`${id}-method`}
          value={method}
          onValueChange={(value) => setMethod(value as PaymentMethod)}
          className="gap-2"
        >
          {PAYMENT_METHODS.map((value) => {
            const { label, description: charged, icon: Icon } = METHOD_DETAILS[value];
            // Nothing is charged in test mode: the card completes at once all the same.
            const description =
              testMode && value === 'stripe'
                ? 'Completes now, without a charge; the tier applies at once.'
                : charged;
            const itemId = `${id}-method-${value}`;
            return (
              <Label
                key={value}
                htmlFor={itemId}
                className="flex cursor-pointer items-start gap-3 rounded-md border bg-surface p-3 leading-normal font-normal transition-colors hover:border-primary/60 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5"
              >
                <RadioGroupItem
                  id={itemId}
                  value={value}
                  className="mt-0.5"
                  // The choice is the one thing to do here: start on it, not on the read-only amount.
                  autoFocus={value === 'stripe'}
                />
                <span className="grid gap-1">
                  <span className="flex items-center gap-1.5 font-medium">
                    <Icon aria-hidden="true" className="size-4 text-primary" />
                    {label}
                  </span>
                  <span className="text-xs text-muted-foreground">{description}</span>
                </span>
              </Label>
            );
          })}
        </RadioGroup>
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        {onBack ? (
          <Button variant="ghost" onClick={onBack} disabled={upgrade.isPending}>
            <ArrowLeft aria-hidden="true" />
            Back
          </Button>
        ) : (
          <Button variant="outline" onClick={onCancel} disabled={upgrade.isPending}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={upgrade.isPending}>
          {upgrade.isPending ? (
            <Spinner className="text-primary-foreground" label="Processing payment" />
          ) : (
            <Lock aria-hidden="true" />
          )}
          {/* Only a card is charged here; a transfer is only recorded, and the money is sent by the client. */}
          {method === 'stripe'
            ? `Pay ${formatUSD(amount)}`
            : `Record ${method === 'crypto' ? 'crypto payment' : 'bank transfer'} of ${formatUSD(amount)}`}
        </Button>
      </div>
    </form>
  );
}
