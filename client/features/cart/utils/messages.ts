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
