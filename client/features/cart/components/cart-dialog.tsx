import { useState, type RefObject } from 'react';
import type { Order } from '@contract/orders';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { CartContents } from '@/features/cart/components/cart-contents';
import { CheckoutForm } from '@/features/cart/components/checkout-form';
import { OrderConfirmation } from '@/features/cart/components/order-confirmation';
import { cn } from '@/lib/utils';

type Step = { name: 'cart'; notice?: string } | { name: 'checkout' } | { name: 'confirmation'; order: Order };

interface CartDialogProps {
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

/** The cart (spec 2.10), then checkout and the order confirmation, as steps of one dialog. */
export function CartDialog({
  open,
  onOpenChange,
  onOrderPlaced,
  returnFocusTo,
  initialStep = 'cart',
}: CartDialogProps) {
  const [step, setStep] = useState<Step>(() => firstStep(initialStep));
  const [wasOpen, setWasOpen] = useState(open);
  // Every opening starts at its first step, whatever step the dialog was closed on.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open && step.name !== initialStep) setStep(firstStep(initialStep));
  }
  const heading = headings[step.name];

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
            onBack={() => setStep({ name: 'cart' })}
            onOutOfStock={(message) => setStep({ name: 'cart', notice: message })}
            onPlaced={(order) => {
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
