import type { ComponentType } from 'react';
import { Clock } from 'lucide-react';
import { isOfflineMethod, PAYMENT_METHOD_WORDS, type OfflinePaymentMethod } from '@contract/payments';
import type { PendingUpgrade } from '@contract/subscriptions';
import { tierLabel } from '@contract/tiers';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { nextSteps } from '@/features/subscriptions/utils/pending-upgrade';
import { BILLING_UNITS } from '@/features/subscriptions/utils/plans';
import { formatDate, formatMoneyWithCode } from '@/lib/format';

/**
 * How to pay an upgrade paid outside the portal: the payments feature's instructions, handed in by the app
 * (`client/app/routes/payments.tsx`, decision 011).
 */
export type PaymentInstructionsSlot = ComponentType<{
  method: OfflinePaymentMethod;
  reference: string;
  amount: string;
}>;

/**
 * An upgrade that waits (Subscription tab): what was asked for, that it awaits confirmation (or approval), what
 * happens next and, for a bank transfer or crypto, how to pay and the reference to quote.
 */
export function PendingUpgradeCard({
  pending,
  PaymentInstructions,
}: {
  pending: PendingUpgrade;
  PaymentInstructions: PaymentInstructionsSlot;
}) {
  const { subscription, payment, waitingFor } = pending;
  const status = waitingFor === 'approval' ? 'Awaiting approval' : 'Awaiting confirmation';
  const method = waitingFor === 'payment' ? payment?.paymentMethod : undefined;
  const offlineMethod = method && isOfflineMethod(method) ? method : null;
  return (
    <Card data-testid="pending-upgrade" className="border-warning/50">
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle className="flex flex-wrap items-center gap-2">
            <Clock aria-hidden="true" className="size-5 text-warning" />
            Upgrade to {subscription.tierName}
            <Badge variant="outline">{tierLabel(subscription.tier)}</Badge>
          </CardTitle>
          <CardDescription>
            {formatMoneyWithCode(subscription.amount, subscription.currency)} per{' '}
            {BILLING_UNITS[subscription.billing]}
            {payment && ` · ${PAYMENT_METHOD_WORDS[payment.paymentMethod]}`} · asked for{' '}
            {formatDate(subscription.createdAt)}
          </CardDescription>
        </div>
        <Badge variant="warning" className="sm:mt-1">
          <span className="sr-only">Status: </span>
          {status}
        </Badge>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <p className="font-mono text-[0.65rem] tracking-widest text-muted-foreground uppercase">
            What happens next
          </p>
          <ol className="grid list-decimal gap-1.5 pl-5 text-sm">
            {nextSteps(pending).map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
        {offlineMethod && payment && (
          <PaymentInstructions
            method={offlineMethod}
            reference={payment.reference}
            amount={formatMoneyWithCode(payment.amount, payment.currency)}
          />
        )}
      </CardContent>
      <CardFooter className="border-t pt-5">
        <p className="text-sm text-muted-foreground">
          Another upgrade can be asked for once this one is settled.
        </p>
      </CardFooter>
    </Card>
  );
}
