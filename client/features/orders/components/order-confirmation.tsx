import type { ComponentType } from 'react';
import { CheckCircle2, Clock } from 'lucide-react';
import type { Order } from '@contract/orders';
import { isOfflineMethod, type OfflinePaymentMethod, type PaymentMethod } from '@contract/payments';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import { TestModeNotice } from '@/components/ui/test-mode-notice';
import { formatMoney, formatMoneyWithCode } from '@/lib/format';
import { usePaymentTestMode } from '@/lib/payment-settings';

const pendingInstructions: Record<PaymentMethod, string> = {
  stripe: 'We will confirm your card payment shortly.',
  crypto: 'Pay with the wallet details below. The order ships once a Director confirms the payment.',
  bank_transfer: 'Pay with the bank details below. The order ships once a Director confirms the transfer.',
};

/**
 * How to pay an order paid outside the portal: the payments feature's instructions, handed in by the app
 * (`client/app/order-confirmation-step.tsx`, decision 011).
 */
export type PaymentInstructionsSlot = ComponentType<{
  method: OfflinePaymentMethod;
  reference: string;
  amount: string;
}>;

/** What was ordered, for how much, and whether it is paid or waiting for the payment to be confirmed. */
export function OrderConfirmation({
  order,
  onDone,
  PaymentInstructions,
}: {
  order: Order;
  onDone: () => void;
  PaymentInstructions: PaymentInstructionsSlot;
}) {
  const testMode = usePaymentTestMode();
  const paid = order.status === 'paid' || order.status === 'fulfilled';
  const offline =
    !paid && order.paymentId && isOfflineMethod(order.paymentMethod) ? order.paymentMethod : null;
  return (
    <div className="grid gap-5">
      <div className="flex items-start gap-3">
        {paid ? (
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
        ) : (
          <Clock aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-warning" />
        )}
        <div className="grid gap-1">
          <p role="status" className="text-lg font-semibold">
            Order {order.orderNumber} confirmed
          </p>
          <p className="text-sm text-muted-foreground">
            {paid
              ? 'Payment received. We will prepare your equipment for dispatch.'
              : pendingInstructions[order.paymentMethod]}
          </p>
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-3 rounded-md border bg-surface p-4 text-sm">
        <div className="grid gap-1">
          <dt className="font-mono text-[0.7rem] tracking-widest text-muted-foreground uppercase">Total</dt>
          <dd className="font-mono text-lg font-bold">{formatMoneyWithCode(order.total, order.currency)}</dd>
        </div>
        <div className="grid gap-1">
          <dt className="font-mono text-[0.7rem] tracking-widest text-muted-foreground uppercase">Status</dt>
          <dd>
            {paid ? (
              <Badge>Paid</Badge>
            ) : (
              <Badge variant="warning" className="w-auto whitespace-normal">
                Awaiting payment confirmation
              </Badge>
            )}
          </dd>
        </div>
      </dl>

      {testMode && <TestModeNotice />}

      {offline && order.paymentId && (
        <PaymentInstructions
          method={offline}
          reference={order.paymentReference ?? order.paymentId}
          amount={formatMoneyWithCode(order.total, order.currency)}
        />
      )}

      <div className="grid gap-2">
        <ul className="grid gap-1.5 text-sm">
          {order.lines.map((line, index) => (
            <li key={line.productId ?? index} className="flex justify-between gap-4">
              <span className="min-w-0">
                {line.name} <span className="text-muted-foreground">× {line.quantity}</span>
              </span>
              <span className="shrink-0 font-mono">{formatMoney(line.lineTotal, order.currency)}</span>
            </li>
          ))}
        </ul>
        <Separator />
        <p className="text-xs text-muted-foreground">
          Ships to {order.shippingAddress.fullName}, {order.shippingAddress.city},{' '}
          {order.shippingAddress.country}.
        </p>
      </div>

      <Button onClick={onDone} className="justify-self-end" autoFocus>
        Done
      </Button>
    </div>
  );
}
