import { OrderConfirmationStep } from '@/app/order-confirmation-step';
import type { CheckoutSteps } from '@/features/cart/components/cart-dialog';
import { CheckoutForm } from '@/features/orders/components/checkout-form';

/** The cart dialog's checkout and confirmation steps are the orders feature's form and confirmation. */
export const checkoutSteps: CheckoutSteps = { Form: CheckoutForm, Confirmation: OrderConfirmationStep };
