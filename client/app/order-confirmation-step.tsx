import type { ComponentProps } from 'react';
import type { CheckoutSteps } from '@/features/cart/components/cart-dialog';
import { OrderConfirmation } from '@/features/orders/components/order-confirmation';
import { PaymentInstructions } from '@/features/payments/components/payment-instructions';

/**
 * The cart dialog's last step: the orders feature's confirmation, with the payments feature's instructions for an
 * order paid by bank transfer or crypto.
 */
export function OrderConfirmationStep(props: ComponentProps<CheckoutSteps['Confirmation']>) {
  return <OrderConfirmation {...props} PaymentInstructions={PaymentInstructions} />;
}
