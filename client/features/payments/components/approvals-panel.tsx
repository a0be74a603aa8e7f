import { Check, ClipboardCheck, X } from 'lucide-react';
import { tierLabel } from '@contract/tiers';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ListSkeleton } from '@/components/ui/list-states';
import { LoadError } from '@/components/ui/load-error';
import { toast } from '@/components/ui/use-toast';
import { usePendingPayments } from '@/features/payments/api/get-pending-payments';
import { usePendingUpgrades } from '@/features/payments/api/get-pending-upgrades';
import { useReviewUpgrade, type ReviewAction } from '@/features/payments/api/review-upgrade';
import { useSettlePayment, type SettleAction } from '@/features/payments/api/settle-payment';
import { PaymentStatusBadge } from '@/features/payments/components/payment-status-badge';
import { paymentErrorMessage } from '@/features/payments/utils/messages';
import { BILLING_UNITS, PAYMENT_METHOD_LABELS } from '@/features/payments/utils/plans';
import { handleUnauthorizedError } from '@/lib/api-client';
import { formatMoney, formatRelativeTime } from '@/lib/format';

function EmptyQueue({ children }: { children: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-6 py-8 text-center">
      <ClipboardCheck aria-hidden="true" className="size-7 text-muted-foreground" />
      <p className="text-sm text-muted-foreground">{children}</p>
    </div>
  );
}

function failureToast(error: unknown, fallback: string) {
  if (handleUnauthorizedError(error)) return;
  toast({ variant: 'destructive', title: 'Error', description: paymentErrorMessage(error, fallback) });
}

const SETTLE_TOASTS: Record<SettleAction, string> = {
  confirm: 'Payment Confirmed',
  fail: 'Payment Marked Failed',
};
const REVIEW_TOASTS: Record<ReviewAction, string> = {
  approve: 'Upgrade Approved',
  reject: 'Upgrade Rejected',
};

function PendingPayments() {
  const payments = usePendingPayments();
  const settle = useSettlePayment();

  function run(id: string, action: SettleAction, email: string) {
    settle.mutate(
      { id, action },
      {
        onSuccess: () => toast({ title: SETTLE_TOASTS[action], description: `The payment of ${email}.` }),
        onError: (error) => failureToast(error, 'Failed to update the payment.'),
      },
    );
  }

  if (payments.isPending) {
    return <ListSkeleton label="Loading pending payments" className="gap-2" rowClassName="h-16" />;
  }
  if (payments.isError) {
    return (
      <LoadError message="Pending payments could not be loaded." onRetry={() => void payments.refetch()} />
    );
  }
  if (payments.data.length === 0) return <EmptyQueue>No payments are waiting for confirmation.</EmptyQueue>;

  return (
    <ul aria-label="Pending payments" className="grid gap-2">
      {payments.data.map((payment) => {
        const busy = settle.isPending && settle.variables?.id === payment.id;
        return (
          <li
            key={payment.id}
            data-testid="pending-payment"
            className="grid gap-3 rounded-lg border bg-surface p-4 sm:grid-cols-[1fr_auto] sm:items-center"
          >
            <div className="min-w-0 space-y-1">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-mono font-semibold">
                  {formatMoney(payment.amount, payment.currency)}
                </span>
                <PaymentStatusBadge status={payment.status} />
              </p>
              <p className="text-sm break-words">{payment.description ?? 'Payment'}</p>
              <p className="text-xs text-muted-foreground">
                {payment.userEmail} · {PAYMENT_METHOD_LABELS[payment.paymentMethod]} ·{' '}
                <time dateTime={payment.createdAt}>{formatRelativeTime(payment.createdAt)}</time>
              </p>
            </div>
            <div className="flex gap-2">
              <Button
                size="sm"
                disabled={busy}
                aria-label={`Confirm payment of ${payment.userEmail}`}
                onClick={() => run(payment.id, 'confirm', payment.userEmail)}
              >
                <Check aria-hidden="true" />
                Confirm
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={busy}
                aria-label={`Fail payment of ${payment.userEmail}`}
                onClick={() => run(payment.id, 'fail', payment.userEmail)}
              >
                <X aria-hidden="true" />
                Fail
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function PendingUpgrades() {
  const upgrades = usePendingUpgrades();
  const review = useReviewUpgrade();

  function run(id: string, action: ReviewAction, email: string) {
    review.mutate(
      { id, action },
      {
        onSuccess: () => toast({ title: REVIEW_TOASTS[action], description: `The upgrade of ${email}.` }),
        onError: (error) => failureToast(error, 'Failed to review the upgrade.'),
      },
    );
  }

  if (upgrades.isPending) {
    return <ListSkeleton label="Loading pending upgrades" className="gap-2" rowClassName="h-16" />;
  }
  if (upgrades.isError) {
    return (
      <LoadError message="Pending upgrades could not be loaded." onRetry={() => void upgrades.refetch()} />
    );
  }
  if (upgrades.data.length === 0) return <EmptyQueue>No upgrades are waiting for approval.</EmptyQueue>;

  return (
    <ul aria-label="Pending upgrades" className="grid gap-2">
      {upgrades.data.map((upgrade) => {
        const busy = review.isPending && review.variables?.id === upgrade.id;
        const paid = upgrade.paymentStatus === 'completed';
        return (
          <li
            key={upgrade.id}
            data-testid="pending-upgrade"
            className="grid gap-3 rounded-lg border bg-surface p-4 sm:grid-cols-[1fr_auto] sm:items-center"
          >
            <div className="min-w-0 space-y-1">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                {upgrade.userEmail}
                <Badge variant="outline">
                  {tierLabel(upgrade.currentTier)} → {tierLabel(upgrade.tier)}
                </Badge>
              </p>
              <p className="text-xs text-muted-foreground">
                {upgrade.tierName} · {formatMoney(upgrade.amount, upgrade.currency)} per{' '}
                {BILLING_UNITS[upgrade.billing]} · payment {upgrade.paymentStatus ?? 'missing'} ·{' '}
                <time dateTime={upgrade.createdAt}>{formatRelativeTime(upgrade.createdAt)}</time>
              </p>
              {!paid && (
                <p className="text-xs text-warning">Confirm its payment before approving this upgrade.</p>
              )}
            </div>
            <div className="flex gap-2">
              <Button
                size="sm"
                disabled={busy || !paid}
                aria-label={`Approve upgrade of ${upgrade.userEmail}`}
                onClick={() => run(upgrade.id, 'approve', upgrade.userEmail)}
              >
                <Check aria-hidden="true" />
                Approve
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={busy}
                aria-label={`Reject upgrade of ${upgrade.userEmail}`}
                onClick={() => run(upgrade.id, 'reject', upgrade.userEmail)}
              >
                <X aria-hidden="true" />
                Reject
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The Approvals tab, Directors only (design section 4): pending payments to settle, upgrades to approve. */
export function ApprovalsPanel() {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Pending payments</CardTitle>
          <CardDescription>
            Crypto and bank transfers wait here until you confirm the money arrived.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <PendingPayments />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Tier upgrades</CardTitle>
          <CardDescription>
            Director upgrades always wait for an approval; others wait for payment.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <PendingUpgrades />
        </CardContent>
      </Card>
    </div>
  );
}
