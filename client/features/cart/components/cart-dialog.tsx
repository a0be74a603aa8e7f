import { use, useState, type ComponentType, type ReactNode, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Order } from '@contract/orders';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { cartQueryKey, useCart } from '@/features/cart/api/get-cart';
import { CartContents } from '@/features/cart/components/cart-contents';
import { CartOrderSummary } from '@/features/cart/components/cart-order-summary';
import { cn } from '@/lib/utils';

/**
 * The checkout and confirmation steps belong to the orders feature; the app passes them in (a feature imports
 * no other feature). The cart gives the form its summary and learns how the order went.
 */
export interface CheckoutSteps {
  Form: ComponentType<{
    /** The cart's lines and total, shown above 'Place Order'. */
    orderSummary: ReactNode;
    /** Nothing to order: 'Place Order' stays disabled. */
    empty: boolean;
    onBack: () => void;
    /** A line can no longer be served (409): back to the cart with the API's message. */
    onOutOfStock: (message: string) => void;
    onPlaced: (order: Order) => void;
  }>;
  Confirmation: ComponentType<{ order: Order; onDone: () => void }>;
}

type Step = { name: 'cart'; notice?: string } | { name: 'checkout' } | { name: 'confirmation'; order: Order };

interface CartDialogProps {
  /** Waited for while rendering: the dialog shows once its checkout steps have loaded too. */
  checkout: Promise<CheckoutSteps>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onOrderPlaced?: (order: Order) => void;
  /** Where focus goes back to when the dialog closes (the button that opened it). */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** Where each opening starts: the cart (default), or checkout straight away (the dashboard's button). */
  initialStep?: 'cart' | 'checkout';
}

const headings = {
  cart: { title: 'Shopping Cart', description: 'The equipment you have picked, and what it comes to.' },
  checkout: { title: 'Checkout', description: 'Where to ship the order, and how you will pay.' },
  confirmation: { title: 'Order Confirmed', description: 'Your order has been placed.' },
} as const;

function firstStep(name: 'cart' | 'checkout'): Step {
  return name === 'checkout' ? { name: 'checkout' } : { name: 'cart' };
}

/** The cart, then checkout and the order confirmation, as steps of one dialog. */
export function CartDialog({
  checkout,
  open,
  onOpenChange,
  onOrderPlaced,
  returnFocusTo,
  initialStep = 'cart',
}: CartDialogProps) {
  const { Form: CheckoutForm, Confirmation: OrderConfirmation } = use(checkout);
  const [step, setStep] = useState<Step>(() => firstStep(initialStep));
  const [wasOpen, setWasOpen] = useState(open);
  // Every opening starts at its first step, whatever step the dialog was closed on.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open && step.name !== initialStep) setStep(firstStep(initialStep));
  }
  const heading = headings[step.name];
  const cart = useCart();
  const lines = cart.data ?? [];
  const queryClient = useQueryClient();
  // An order empties the cart on the server; a refusal for stock means the cart changed under the person.
  const refreshCart = () => void queryClient.invalidateQueries({ queryKey: cartQueryKey });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className={cn(step.name === 'checkout' ? 'max-w-2xl' : 'max-w-lg')}
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{heading.title}</DialogTitle>
          <DialogDescription className={cn(step.name === 'cart' && 'sr-only')}>
            {heading.description}
          </DialogDescription>
        </DialogHeader>
        {step.name === 'cart' && (
          <CartContents
            notice={step.notice}
            onCheckout={() => setStep({ name: 'checkout' })}
            onBrowse={() => onOpenChange(false)}
          />
        )}
        {step.name === 'checkout' && (
          <CheckoutForm
            orderSummary={<CartOrderSummary lines={lines} />}
            empty={lines.length === 0}
            onBack={() => setStep({ name: 'cart' })}
            onOutOfStock={(message) => {
              refreshCart();
              setStep({ name: 'cart', notice: message });
            }}
            onPlaced={(order) => {
              refreshCart();
              setStep({ name: 'confirmation', order });
              onOrderPlaced?.(order);
            }}
          />
        )}
        {step.name === 'confirmation' && (
          <OrderConfirmation order={step.order} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}
