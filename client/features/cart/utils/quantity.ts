import { CART_QUANTITY_MIN } from '@contract/cart';

/** A cart quantity: at least 1, and anything that is not a number becomes 1; at most `max`. */
export function normalizeQuantity(text: string, max: number): number {
  const parsed = Number.parseInt(text, 10);
  if (!Number.isFinite(parsed) || parsed < CART_QUANTITY_MIN) return CART_QUANTITY_MIN;
  return Math.min(parsed, max);
}
