import type { AdminPayment } from '@contract/payments';
import { DecisionQueue, type ApproveConfirmation } from '@/components/ui/decision-queue';
import { usePendingPayments } from '@/features/payments/api/get-pending-payments';
import { useSettlePayment } from '@/features/payments/api/settle-payment';
import { PaymentStatusBadge } from '@/features/payments/components/payment-status-badge';
import { PAYMENT_METHOD_LABELS } from '@/features/payments/utils/labels';
import { formatMoneyWithCode, formatRelativeTime } from '@/lib/format';

function Fact({ label, children }: { label: string; children: string }) {
  return (
    <>
      <dt className="font-mono text-[0.7rem] tracking-widest text-muted-foreground uppercase sm:self-center">
        {label}
      </dt>
      <dd className="min-w-0 break-all">{children}</dd>
    </>
  );
}

/**
 * The second step of confirming money received: what should have arrived (amount and currency), under which
 * reference, by what means and from whom, to hold against the bank statement or the wallet before saying yes.
 */
function confirmReceipt(payment: AdminPayment): ApproveConfirmation {
  const amount = formatMoneyWithCode(payment.amount, payment.currency);
  return {
    title: 'Confirm the money arrived?',
    description:
      'Check the statement or the wallet for this amount and reference first. Confirming completes the payment, ' +
      'sends the payer a receipt and delivers what it paid for.',
    details: (
      <dl
        data-testid="payment-to-confirm"
        className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-md border bg-surface p-4 text-sm"
      >
        <Fact label="Amount">{amount}</Fact>
        <Fact label="Reference">{payment.reference}</Fact>
        <Fact label="Method">{PAYMENT_METHOD_LABELS[payment.paymentMethod]}</Fact>
        <Fact label="Payer">{payment.userEmail}</Fact>
        <Fact label="For">{payment.description ?? 'Payment'}</Fact>
      </dl>
    ),
    confirmLabel: `Confirm ${amount} received`,
    pendingLabel: 'Confirming',
  };
}

/**
 * Half of the Approvals tab, Directors only (confirming manual payments is staff work): crypto and bank
 * transfers to confirm or fail. Confirming takes a second step that shows the amount and reference to check. The
 * payments route shows it beside the pending upgrades of the subscriptions feature.
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
      confirmApprove={confirmReceipt}
      failedText="Failed to update the payment."
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
            Reference <span className="font-mono text-foreground">{payment.reference}</span>
          </p>
        </>
      )}
    </DecisionQueue>
  );
}
