import type { CheckoutSteps } from '@/features/cart/components/cart-dialog';

/**
 * The app hands the cart its checkout steps (features do not import each other). They load with the cart dialog,
 * after the first page: only this loader is in the first page's code.
 */
export async function loadCheckout(): Promise<CheckoutSteps> {
  const { checkoutSteps } = await import('@/app/checkout-steps');
  return checkoutSteps;
}
