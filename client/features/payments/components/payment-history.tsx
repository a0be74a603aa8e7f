import { Receipt } from 'lucide-react';
import { isOfflineMethod } from '@contract/payments';
import { EmptyState, ListSkeleton } from '@/components/ui/list-states';
import { LoadError } from '@/components/ui/load-error';
import { usePayments } from '@/features/payments/api/get-payments';
import { PaymentInstructions } from '@/features/payments/components/payment-instructions';
import { PaymentStatusBadge } from '@/features/payments/components/payment-status-badge';
import { PAYMENT_METHOD_LABELS } from '@/features/payments/utils/labels';
import { PAYMENT_MESSAGES } from '@/features/payments/utils/messages';
import { formatDate, formatMoney, formatMoneyWithCode, formatRelativeTime } from '@/lib/format';

/**
 * The Payment History tab: amount, currency, when, status, method and what it paid for; a crypto or bank transfer
 * still waiting shows how to pay it and its reference.
 */
export function PaymentHistory() {
  const payments = usePayments();

  if (payments.isPending) {
    return <ListSkeleton label="Loading your payments" rows={3} className="gap-2" rowClassName="h-16" />;
  }

  if (payments.isError) {
    return <LoadError message="Your payments could not be loaded." onRetry={() => void payments.refetch()} />;
  }

  if (payments.data.length === 0) {
    return (
      <EmptyState icon={Receipt} title={PAYMENT_MESSAGES.noPayments}>
        Payments for tiers and orders will be listed here.
      </EmptyState>
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
          {payment.status === 'pending' && isOfflineMethod(payment.paymentMethod) && (
            <PaymentInstructions
              className="sm:col-span-2"
              method={payment.paymentMethod}
              reference={payment.reference}
              amount={formatMoneyWithCode(payment.amount, payment.currency)}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
