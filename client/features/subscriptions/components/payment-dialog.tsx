import type { BillingPeriod, UpgradeTierResponse } from '@contract/subscriptions';
import type { TierPlan } from '@contract/tiers';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { CompletePaymentStep } from '@/features/subscriptions/components/complete-payment-step';

interface PaymentDialogProps {
  /** The plan being bought; null keeps the dialog closed. */
  plan: TierPlan | null;
  billing: BillingPeriod;
  onClose: () => void;
  onUpgraded: (result: UpgradeTierResponse) => void;
}

/** 'Complete Payment' for a tier picked on the Tier Upgrade tab. */
export function PaymentDialog({ plan, billing, onClose, onUpgraded }: PaymentDialogProps) {
  return (
    <Dialog open={plan !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Complete Payment</DialogTitle>
          <DialogDescription>
            Choose how to pay for your new tier. Prices are in US dollars.
          </DialogDescription>
        </DialogHeader>
        {plan && (
          <CompletePaymentStep
            key={`${plan.tier}-${billing}`}
            plan={plan}
            billing={billing}
            onCancel={onClose}
            onUpgraded={(result) => {
              onClose();
              onUpgraded(result);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
