import { lazy, useEffect } from 'react';
import type { CheckoutSteps } from '@/features/cart/components/cart-dialog';

/** Loads the checkout steps the app passes to the cart dialog (they come from the orders feature). */
export type LoadCheckout = () => Promise<CheckoutSteps>;

// The dialog brings the checkout form, its schemas and the dialog primitives: keep them out of the first page.
const loadCartDialog = () => import('@/features/cart/components/cart-dialog');

export const LazyCartDialog = lazy(() => loadCartDialog().then((module) => ({ default: module.CartDialog })));

const checkoutLoads = new WeakMap<LoadCheckout, Promise<CheckoutSteps>>();

/** One promise per loader, so that the dialog can wait for it while it renders. */
export function checkoutSteps(load: LoadCheckout): Promise<CheckoutSteps> {
  let steps = checkoutLoads.get(load);
  if (!steps) {
    steps = load();
    checkoutLoads.set(load, steps);
  }
  return steps;
}

/** Fetch the dialog's code and its checkout while the person looks around, so the first click opens it at once. */
export function usePreloadCartDialog(loadCheckout: LoadCheckout) {
  useEffect(() => {
    void loadCartDialog();
    void checkoutSteps(loadCheckout);
  }, [loadCheckout]);
}
