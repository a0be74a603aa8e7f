import { Bell, Lock, ShoppingCart } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import type { User } from '@contract/auth';
import type { Product } from '@contract/catalog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useAddToCart } from '@/features/cart/api/add-to-cart';
import { CART_MESSAGES } from '@/features/cart/utils/messages';
import { purchaseLabel, purchaseState } from '@/features/cart/utils/purchase-state';
import { toastFailure } from '@/lib/failure-toast';
import { LOGIN_URL } from '@/lib/constants';

interface AddToCartButtonProps {
  product: Pick<Product, 'id' | 'name' | 'minimumTier' | 'inStock'>;
  user: Pick<User, 'tier'> | null;
  className?: string;
}

/** /api/login, coming back to this page (filters included) once signed in. */
function useLoginHref(): string {
  const [location] = useLocation();
  const search = useSearch();
  const returnTo = search ? `${location}?${search}` : location;
  return `${LOGIN_URL}?${new URLSearchParams({ returnTo })}`;
}

/**
 * A marketplace card's add button. Signed out: 'Add to Cart' goes to sign in (a full-page navigation).
 * Tier too low: disabled 'Tier N Required'. Out of stock: disabled 'Notify When Available'. Otherwise it adds
 * one unit.
 */
export function AddToCartButton({ product, user, className }: AddToCartButtonProps) {
  const loginHref = useLoginHref();
  const addToCart = useAddToCart();
  const state = purchaseState(product, user);
  const label = purchaseLabel(state);

  if (state.kind === 'sign-in') {
    return (
      <Button asChild className={className}>
        <a href={loginHref}>
          <ShoppingCart aria-hidden="true" />
          {label}
        </a>
      </Button>
    );
  }

  if (state.kind !== 'available') {
    return (
      <Button variant="secondary" disabled className={className}>
        {state.kind === 'tier-required' ? <Lock aria-hidden="true" /> : <Bell aria-hidden="true" />}
        {label}
      </Button>
    );
  }

  function add() {
    addToCart.mutate(
      { productId: product.id, quantity: 1 },
      {
        onSuccess: () =>
          toast({ title: CART_MESSAGES.added, description: CART_MESSAGES.addedDescription(1, product.name) }),
        onError: (error) => {
          toastFailure(error, CART_MESSAGES.addFailedCard);
        },
      },
    );
  }

  return (
    <Button onClick={add} disabled={addToCart.isPending} className={className}>
      {addToCart.isPending ? (
        <Spinner className="text-primary-foreground" label="Adding to cart" />
      ) : (
        <ShoppingCart aria-hidden="true" />
      )}
      {label}
    </Button>
  );
}
