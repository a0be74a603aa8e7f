import type { CheckoutSteps } from '@/features/cart/components/cart-dialog';
import { CheckoutForm } from '@/features/orders/components/checkout-form';
import { OrderConfirmation } from '@/features/orders/components/order-confirmation';

/** The cart dialog's checkout and confirmation steps are the orders feature's form and confirmation. */
export const checkoutSteps: CheckoutSteps = { Form: CheckoutForm, Confirmation: OrderConfirmation };
