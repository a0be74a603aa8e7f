import { Link } from 'wouter';
import { ArrowRight, ShoppingCart } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-field';
import { Separator } from '@/components/ui/separator';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadError } from '@/components/ui/load-error';
import { paths } from '@/config/paths';
import { useCart } from '@/features/cart/api/get-cart';
import { CartLineItem } from '@/features/cart/components/cart-line-item';
import { cartTotal } from '@/features/cart/utils/cart-totals';
import { CART_LOADING_PLACEHOLDERS } from '@/lib/constants';
import { formatINR } from '@/lib/format';

interface CartContentsProps {
  /** Why the person was sent back here (an order refused for stock), shown above the lines. */
  notice?: string;
  onCheckout: () => void;
  onBrowse: () => void;
}

/** The cart step: loading placeholders, the empty state, or the lines with the total. */
export function CartContents({ notice, onCheckout, onBrowse }: CartContentsProps) {
  const cart = useCart();

  if (cart.isPending) {
    return (
      <div className="grid gap-3">
        <span role="status" className="sr-only">
          Loading your cart
        </span>
        {Array.from({ length: CART_LOADING_PLACEHOLDERS }, (_, index) => (
          <Skeleton key={index} data-testid="cart-loading-placeholder" className="h-16 w-full" />
        ))}
      </div>
    );
  }

  if (cart.isError) {
    return (
      <LoadError
        className="items-center py-6 text-center"
        message="Your cart could not be loaded."
        onRetry={() => void cart.refetch()}
      />
    );
  }

  const lines = cart.data;
  if (lines.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-8 text-center">
        {notice && <FormMessage className="w-full text-left">{notice}</FormMessage>}
        <ShoppingCart aria-hidden="true" className="size-10 text-muted-foreground" />
        <p className="font-medium">Your cart is empty</p>
        <Button asChild variant="outline" size="sm">
          <Link href={paths.marketplace.getHref()} onClick={onBrowse}>
            Browse the marketplace
          </Link>
        </Button>
      </div>
    );
  }

  const blocked = lines.some((line) => !line.product.inStock);

  return (
    <div className="grid gap-4">
      {notice && <FormMessage>{notice}</FormMessage>}
      <ul aria-label="Cart items" className="max-h-96 divide-y overflow-y-auto pr-1">
        {lines.map((line) => (
          <CartLineItem key={line.id} line={line} />
        ))}
      </ul>
      <Separator />
      <div className="flex items-baseline justify-between">
        <span className="text-sm font-medium">Total:</span>
        <span className="font-mono text-xl font-bold" data-testid="cart-total">
          {formatINR(cartTotal(lines))}
        </span>
      </div>
      {blocked && (
        <p className="text-xs text-warning">Remove the items that are out of stock to check out.</p>
      )}
      <Button size="lg" onClick={onCheckout} disabled={blocked}>
        Proceed to Checkout
        <ArrowRight aria-hidden="true" />
      </Button>
    </div>
  );
}
