import { Receipt } from 'lucide-react';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { usePayments } from '@/features/payments/api/get-payments';
import { PaymentStatusBadge } from '@/features/payments/components/payment-status-badge';
import { PAYMENT_MESSAGES } from '@/features/payments/utils/messages';
import { PAYMENT_METHOD_LABELS } from '@/features/payments/utils/plans';
import { formatDate, formatMoney, formatRelativeTime } from '@/lib/format';

/** The Payment History tab (spec 2.21): amount, currency, when, status, method and what it paid for. */
export function PaymentHistory() {
  const payments = usePayments();

  if (payments.isPending) {
    return (
      <div aria-busy="true" className="grid gap-2">
        <span role="status" className="sr-only">
          Loading your payments
        </span>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-16" />
        ))}
      </div>
    );
  }

  if (payments.isError) {
    return <LoadError message="Your payments could not be loaded." onRetry={() => void payments.refetch()} />;
  }

  if (payments.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-6 py-10 text-center">
        <Receipt aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="font-medium">{PAYMENT_MESSAGES.noPayments}</p>
        <p className="text-sm text-muted-foreground">Payments for tiers and orders will be listed here.</p>
      </div>
    );
  }

  return (
    <ul aria-label="Payments" className="grid gap-2">
      {payments.data.map((payment) => (
        <li
          key={payment.id}
          data-testid="payment-row"
          className="grid gap-3 rounded-lg border bg-card px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-center"
        >
          <div className="min-w-0 space-y-1">
            <p className="flex flex-wrap items-baseline gap-2">
              <span className="font-mono text-lg font-semibold">
                {formatMoney(payment.amount, payment.currency)}
              </span>
              <span className="font-mono text-xs text-muted-foreground">{payment.currency}</span>
            </p>
            <p className="text-sm break-words">{payment.description ?? 'Payment'}</p>
            <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
              <div className="flex gap-1">
                <dt>Method:</dt>
                <dd className="text-foreground">{PAYMENT_METHOD_LABELS[payment.paymentMethod]}</dd>
              </div>
              <div className="flex gap-1">
                <dt className="sr-only">Date:</dt>
                <dd>
                  <time dateTime={payment.createdAt} title={formatDate(payment.createdAt)}>
                    {formatRelativeTime(payment.createdAt)}
                  </time>
                </dd>
              </div>
            </dl>
          </div>
          <div className="sm:justify-self-end">
            <PaymentStatusBadge status={payment.status} />
          </div>
        </li>
      ))}
    </ul>
  );
}
