import type { Product } from '@contract/catalog';
import type { User } from '@contract/auth';

export type PurchaseState =
  | { kind: 'sign-in' }
  | { kind: 'tier-required'; tier: number }
  | { kind: 'out-of-stock' }
  | { kind: 'available' };

/**
 * Whether the viewer can put a product in the cart (the server checks the same): signed in, tier at least the
 * product's minimum, and in stock, checked in that order.
 */
export function purchaseState(
  product: Pick<Product, 'minimumTier' | 'inStock'>,
  user: Pick<User, 'tier'> | null,
): PurchaseState {
  if (!user) return { kind: 'sign-in' };
  if (user.tier < product.minimumTier) return { kind: 'tier-required', tier: product.minimumTier };
  if (!product.inStock) return { kind: 'out-of-stock' };
  return { kind: 'available' };
}

/** The add button's label: 'Add to Cart', 'Tier N Required' or 'Notify When Available'. */
export function purchaseLabel(state: PurchaseState): string {
  switch (state.kind) {
    case 'tier-required':
      return `Tier ${state.tier} Required`;
    case 'out-of-stock':
      return 'Notify When Available';
    default:
      return 'Add to Cart';
  }
}
