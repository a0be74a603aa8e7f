import { Suspense, useRef, useState } from 'react';
import { ShoppingCart } from 'lucide-react';
import type { Order } from '@contract/orders';
import { useCart } from '@/features/cart/api/get-cart';
import { CartCountBadge } from '@/features/cart/components/cart-count-badge';
import {
  checkoutSteps,
  LazyCartDialog,
  usePreloadCartDialog,
  type LoadCheckout,
} from '@/features/cart/components/lazy-cart-dialog';
import { cartLabel } from '@/features/cart/utils/cart-label';

interface CartWidgetProps {
  /** The checkout steps of the dialog (the orders feature's), loaded with the dialog. */
  loadCheckout: LoadCheckout;
  /** Called once an order is placed (the app refreshes the catalogue's stock). */
  onOrderPlaced?: (order: Order) => void;
}

/**
 * The floating round cart button, bottom right, for signed-in users only: mount it only then. The
 * badge counts lines, not quantities. It opens the cart dialog.
 */
export function CartWidget({ loadCheckout, onOrderPlaced }: CartWidgetProps) {
  const cart = useCart();
  usePreloadCartDialog(loadCheckout);
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const count = cart.data?.length ?? 0;

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={cartLabel('Open shopping cart', count)}
        title="Shopping cart"
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
        className="fixed right-4 bottom-4 z-40 flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg shadow-black/60 transition-transform outline-none hover:scale-105 hover:bg-primary/90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background sm:right-6 sm:bottom-6"
      >
        <ShoppingCart aria-hidden="true" className="size-6" />
        <CartCountBadge count={count} className="-top-1 -right-1" />
      </button>
      {requested && (
        <Suspense fallback={null}>
          <LazyCartDialog
            checkout={checkoutSteps(loadCheckout)}
            open={open}
            onOpenChange={setOpen}
            onOrderPlaced={onOrderPlaced}
            returnFocusTo={buttonRef}
          />
        </Suspense>
      )}
    </>
  );
}
