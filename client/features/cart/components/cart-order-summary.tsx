import { useId } from 'react';
import type { CartLine } from '@contract/cart';
import { Separator } from '@/components/ui/separator';
import { cartTotal, lineTotal } from '@/features/cart/utils/cart-totals';
import { formatINR } from '@/lib/format';

/** The cart as the checkout step shows it: each line with its total, then what the order comes to. */
export function CartOrderSummary({ lines }: { lines: readonly CartLine[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-md border bg-surface p-4">
      <h3 id={headingId} className="font-mono text-xs tracking-widest text-muted-foreground uppercase">
        Order summary
      </h3>
      <ul className="grid gap-2 text-sm">
        {lines.map((line) => (
          <li key={line.id} className="flex justify-between gap-4">
            <span className="min-w-0">
              {line.product.name} <span className="text-muted-foreground">× {line.quantity}</span>
            </span>
            <span className="shrink-0 font-mono">{formatINR(lineTotal(line))}</span>
          </li>
        ))}
      </ul>
      <Separator />
      <p className="flex items-baseline justify-between">
        <span className="text-sm font-medium">Total:</span>
        <span className="font-mono text-lg font-bold" data-testid="checkout-total">
          {formatINR(cartTotal(lines))}
        </span>
      </p>
    </section>
  );
}
