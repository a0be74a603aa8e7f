import { DecisionQueue } from '@/components/ui/decision-queue';
import { usePendingPayments } from '@/features/payments/api/get-pending-payments';
import { useSettlePayment } from '@/features/payments/api/settle-payment';
import { PaymentStatusBadge } from '@/features/payments/components/payment-status-badge';
import { PAYMENT_METHOD_LABELS } from '@/features/payments/utils/labels';
import { paymentErrorMessage } from '@/features/payments/utils/messages';
import { formatMoneyWithCode, formatRelativeTime } from '@/lib/format';

/**
 * Half of the Approvals tab, Directors only (confirming manual payments is staff work): crypto and bank
 * transfers to confirm or fail. The payments route shows it beside the pending upgrades of the
 * subscriptions feature.
 */
export function PendingPaymentsPanel() {
  const payments = usePendingPayments();
  const settle = useSettlePayment();

  return (
    <DecisionQueue
      title="Pending payments"
      description="Crypto and bank transfers wait here until you confirm the money arrived."
      query={payments}
      mutation={settle}
      texts={{
        loading: 'Loading pending payments',
        error: 'Pending payments could not be loaded.',
        empty: 'No payments are waiting for confirmation.',
        list: 'Pending payments',
      }}
      itemTestId="pending-payment"
      decisions={{
        approve: { action: 'confirm', label: 'Confirm', toast: 'Payment Confirmed' },
        reject: { action: 'fail', label: 'Fail', toast: 'Payment Marked Failed' },
      }}
      subject={(payment) => `payment of ${payment.userEmail}`}
      errorDescription={(error) => paymentErrorMessage(error, 'Failed to update the payment.')}
    >
      {(payment) => (
        <>
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-mono font-semibold">
              {formatMoneyWithCode(payment.amount, payment.currency)}
            </span>
            <PaymentStatusBadge status={payment.status} />
          </p>
          <p className="text-sm break-words">{payment.description ?? 'Payment'}</p>
          <p className="text-xs text-muted-foreground">
            {payment.userEmail} · {PAYMENT_METHOD_LABELS[payment.paymentMethod]} ·{' '}
            <time dateTime={payment.createdAt}>{formatRelativeTime(payment.createdAt)}</time>
          </p>
          <p className="text-xs break-all text-muted-foreground">
            Reference <span className="font-mono text-foreground">{payment.id}</span>
          </p>
        </>
      )}
    </DecisionQueue>
  );
}
