import { Suspense, useRef, useState } from 'react';
import { Link } from 'wouter';
import { ArrowRight, ShoppingCart } from 'lucide-react';
import type { Order } from '@contract/orders';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useCart } from '@/features/cart/api/get-cart';
import {
  checkoutSteps,
  LazyCartDialog,
  usePreloadCartDialog,
  type LoadCheckout,
} from '@/features/cart/components/lazy-cart-dialog';
import { cartTotal, lineTotal } from '@/features/cart/utils/cart-totals';
import { formatINR } from '@/lib/format';

/** The dashboard's cart shows the first 3 lines. */
export const CART_SUMMARY_LINES = 3;

/**
 * The equipment cart on Mission Control: the first 3 lines, the cart total and a checkout button
 * that opens the cart dialog at its checkout step (the same checkout, not a copy).
 */
export function CartSummary({
  loadCheckout,
  onOrderPlaced,
}: {
  /** The checkout steps of the dialog (the orders feature's), loaded with the dialog. */
  loadCheckout: LoadCheckout;
  onOrderPlaced?: (order: Order) => void;
}) {
  const cart = useCart();
  usePreloadCartDialog(loadCheckout);
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const lines = cart.data ?? [];
  const blocked = lines.some((line) => !line.product.inStock);

  return (
    <Card role="region" aria-labelledby="dashboard-cart-heading" data-testid="cart-summary">
      <CardHeader>
        <CardTitle id="dashboard-cart-heading" className="flex items-center gap-2 text-base">
          <ShoppingCart aria-hidden="true" className="size-4 text-primary" />
          Equipment Cart
        </CardTitle>
        <CardDescription>What you are about to order.</CardDescription>
      </CardHeader>
      <CardContent>
        {cart.isPending ? (
          <div aria-hidden="true" className="grid gap-2">
            {[0, 1].map((index) => (
              <Skeleton key={index} className="h-8" />
            ))}
          </div>
        ) : cart.isError ? (
          <LoadError message="Your cart could not be loaded." onRetry={() => void cart.refetch()} />
        ) : lines.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-md border border-dashed px-4 py-6 text-center">
            <p className="text-sm text-muted-foreground">Your cart is empty</p>
            <Button asChild variant="outline" size="sm">
              <Link href={paths.marketplace.getHref()}>Browse equipment</Link>
            </Button>
          </div>
        ) : (
          <div className="grid gap-3">
            <ul aria-label="Cart items" className="grid gap-2">
              {lines.slice(0, CART_SUMMARY_LINES).map((line) => (
                <li
                  key={line.id}
                  data-testid="cart-summary-line"
                  className="flex justify-between gap-3 text-sm"
                >
                  <span className="min-w-0 truncate">
                    {line.product.name} <span className="text-muted-foreground">× {line.quantity}</span>
                  </span>
                  <span className="shrink-0 font-mono">{formatINR(lineTotal(line))}</span>
                </li>
              ))}
            </ul>
            {lines.length > CART_SUMMARY_LINES && (
              <p className="text-xs text-muted-foreground">
                and {lines.length - CART_SUMMARY_LINES} more in your cart
              </p>
            )}
            <div className="flex items-baseline justify-between border-t pt-3">
              <span className="text-sm font-medium">Total:</span>
              <span className="font-mono text-lg font-bold" data-testid="cart-summary-total">
                {formatINR(cartTotal(lines))}
              </span>
            </div>
            {blocked && (
              <p className="text-xs text-warning">Remove the items that are out of stock to check out.</p>
            )}
            <Button
              ref={buttonRef}
              disabled={blocked}
              onClick={() => {
                setRequested(true);
                setOpen(true);
              }}
            >
              Checkout
              <ArrowRight aria-hidden="true" />
            </Button>
          </div>
        )}
      </CardContent>
      {requested && (
        <Suspense fallback={null}>
          <LazyCartDialog
            checkout={checkoutSteps(loadCheckout)}
            open={open}
            onOpenChange={setOpen}
            onOrderPlaced={onOrderPlaced}
            returnFocusTo={buttonRef}
            initialStep="checkout"
          />
        </Suspense>
      )}
    </Card>
  );
}
