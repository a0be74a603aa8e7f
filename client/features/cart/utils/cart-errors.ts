import { ApiError } from '@/lib/api-client';

/**
 * Refusals whose message tells the person what to change: 400 (quantity above the stock, or outside 1-99),
 * 403 (tier required), 409 (out of stock). For those the API's own words are shown; anything else (a server
 * fault, no network) gets the screen's generic text.
 */
const EXPLAINED_STATUSES = new Set([400, 403, 409]);

export function addToCartErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && EXPLAINED_STATUSES.has(error.status) && error.body?.message) {
    return error.body.message;
  }
  return fallback;
}

/** The cart's toasts and texts. */
export const CART_MESSAGES = {
  added: 'Added to Cart',
  /** The one text of that toast, from a product card (one unit) and from a product's page (any quantity). */
  addedDescription: (quantity: number, name: string) => `${quantity} × ${name} added to your cart.`,
  addFailedCard: 'Failed to add item to cart. Please try again.',
  addFailedDetail: 'Failed to add item to cart',
  detailLoginRequired: {
    title: 'Authentication Required',
    description: 'Please log in to add items to cart.',
  },
  removed: { title: 'Item Removed', description: 'Item has been removed from your cart.' },
  updateFailed: 'Failed to update cart item.',
  removeFailed: 'Failed to remove item from cart.',
} as const;
