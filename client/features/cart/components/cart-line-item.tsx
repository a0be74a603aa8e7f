import { Minus, Plus, Trash2 } from 'lucide-react';
import { CART_QUANTITY_MAX, CART_QUANTITY_MIN, type CartLine } from '@contract/cart';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useRemoveCartItem } from '@/features/cart/api/remove-cart-item';
import { useUpdateCartItem } from '@/features/cart/api/update-cart-item';
import { CART_MESSAGES } from '@/features/cart/utils/messages';
import { lineTotal } from '@/features/cart/utils/cart-totals';
import { toastFailure } from '@/lib/failure-toast';
import { formatINR } from '@/lib/format';

function failed(fallback: string) {
  return (error: Error) => toastFailure(error, fallback);
}

/**
 * One cart line: name, unit price in whole rupees 'each', the unrounded line total, and the
 * decrease, increase and remove controls. The quantity buttons wait while this line's change is in flight; the
 * remove button waits for its removal.
 */
export function CartLineItem({ line }: { line: CartLine }) {
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const { product, quantity } = line;
  const ceiling =
    product.stockCount !== null ? Math.min(CART_QUANTITY_MAX, product.stockCount) : CART_QUANTITY_MAX;

  function changeQuantity(next: number) {
    update.mutate({ id: line.id, quantity: next }, { onError: failed(CART_MESSAGES.updateFailed) });
  }

  return (
    <li
      data-testid="cart-line"
      aria-busy={update.isPending || remove.isPending}
      className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center"
    >
      <div className="min-w-0 flex-1 space-y-1">
        <p className="leading-snug font-medium">{product.name}</p>
        <p className="font-mono text-xs text-muted-foreground">
          {formatINR(product.price, { wholeNumber: true })} each
        </p>
        {!product.inStock && <Badge variant="destructive">OUT OF STOCK</Badge>}
      </div>
      <div className="flex items-center justify-between gap-3 sm:justify-end">
        <div className="flex items-center gap-1" role="group" aria-label={`Quantity of ${product.name}`}>
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            aria-label={`Decrease quantity of ${product.name}`}
            disabled={quantity <= CART_QUANTITY_MIN || update.isPending}
            onClick={() => changeQuantity(quantity - 1)}
          >
            <Minus aria-hidden="true" />
          </Button>
          <span className="w-8 text-center font-mono text-sm" aria-label={`Quantity: ${quantity}`}>
            {quantity}
          </span>
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            aria-label={`Increase quantity of ${product.name}`}
            disabled={quantity >= ceiling || update.isPending}
            onClick={() => changeQuantity(quantity + 1)}
          >
            <Plus aria-hidden="true" />
          </Button>
        </div>
        <p className="w-28 text-right font-mono text-sm font-semibold" data-testid="cart-line-total">
          {formatINR(lineTotal(line))}
        </p>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-muted-foreground hover:text-red-400"
          aria-label={`Remove ${product.name} from cart`}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(line.id, {
              onSuccess: () => toast(CART_MESSAGES.removed),
              onError: failed(CART_MESSAGES.removeFailed),
            })
          }
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}
