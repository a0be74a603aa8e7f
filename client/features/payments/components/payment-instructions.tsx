import { Bitcoin, Landmark } from 'lucide-react';
import type { OfflinePaymentMethod } from '@contract/payments';
import { CopyButton } from '@/components/ui/copy-button';
import { Skeleton } from '@/components/ui/skeleton';
import { usePaymentInstructions } from '@/features/payments/api/get-payment-instructions';
import { cn } from '@/lib/utils';

const METHOD = {
  bank_transfer: { title: 'How to pay by bank transfer', icon: Landmark },
  crypto: { title: 'How to pay by crypto', icon: Bitcoin },
} as const;

interface PaymentInstructionsProps {
  method: OfflinePaymentMethod;
  /** The payment's own id: what the client quotes so the transfer can be matched to it. */
  reference: string;
  /** The amount to send, with its currency ('USD 799.00'). */
  amount: string;
  className?: string;
}

/**
 * What a client paying outside the portal needs: the operator's bank or wallet details (or the placeholder saying
 * they are not set yet), the amount and the reference to quote, and how long the confirmation usually takes.
 */
export function PaymentInstructions({ method, reference, amount, className }: PaymentInstructionsProps) {
  const instructions = usePaymentInstructions();
  const { title, icon: Icon } = METHOD[method];
  const details = instructions.data?.[method];
  return (
    <section
      aria-label={title}
      data-testid="payment-instructions"
      className={cn('grid gap-3 rounded-md border bg-surface p-4 text-sm', className)}
    >
      <p className="flex items-center gap-2 font-medium">
        <Icon aria-hidden="true" className="size-4 text-primary" />
        {title}
      </p>
      {instructions.isPending ? (
        <Skeleton className="h-10 w-full" />
      ) : details ? (
        <p
          className={cn('break-words whitespace-pre-line', !details.configured && 'text-muted-foreground')}
          data-testid="payment-instructions-text"
        >
          {details.text}
        </p>
      ) : (
        <p className="text-muted-foreground">
          The payment details could not be loaded. Quote the reference below when you ask for them.
        </p>
      )}
      <dl className="grid gap-2 sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="font-mono text-[0.7rem] tracking-widest text-muted-foreground uppercase sm:self-center">
          Amount
        </dt>
        <dd className="font-mono font-semibold">{amount}</dd>
        <dt className="font-mono text-[0.7rem] tracking-widest text-muted-foreground uppercase sm:self-center">
          Reference
        </dt>
        <dd className="flex min-w-0 items-center gap-1">
          <code className="min-w-0 font-mono text-xs break-all" data-testid="payment-reference">
            {reference}
          </code>
          <CopyButton
            value={reference}
            label="Copy payment reference"
            failureMessage="The reference could not be copied; select it and copy it by hand."
          />
        </dd>
      </dl>
      <p className="text-xs text-muted-foreground">
        Quote the reference with your payment. A Director confirms it once it arrives
        {instructions.data ? `, usually within ${instructions.data.confirmationTime}` : ''}.
      </p>
    </section>
  );
}
