import { useId, useState } from 'react';
import { Bell, Lock, Minus, Plus, ShoppingCart } from 'lucide-react';
import type { User } from '@contract/auth';
import { CART_QUANTITY_MAX, CART_QUANTITY_MIN } from '@contract/cart';
import type { Product } from '@contract/catalog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useAddToCart } from '@/features/cart/api/add-to-cart';
import { CART_MESSAGES } from '@/features/cart/utils/messages';
import { purchaseLabel, purchaseState } from '@/features/cart/utils/purchase-state';
import { normalizeQuantity } from '@/features/cart/utils/quantity';
import { toastFailure } from '@/lib/failure-toast';

interface AddToCartFormProps {
  product: Pick<Product, 'id' | 'name' | 'minimumTier' | 'inStock' | 'stockCount'>;
  user: Pick<User, 'tier'> | null;
}

/**
 * The product page's quantity selector and add button. The field accepts digits while typing and
 * settles on a valid number when it loses focus; the minus and plus buttons step within 1 and the maximum
 * (99, or the stock when fewer are left).
 */
export function AddToCartForm({ product, user }: AddToCartFormProps) {
  const inputId = useId();
  const addToCart = useAddToCart();
  const state = purchaseState(product, user);
  const max =
    product.stockCount !== null && product.stockCount > 0
      ? Math.min(CART_QUANTITY_MAX, product.stockCount)
      : CART_QUANTITY_MAX;
  const [text, setText] = useState(String(CART_QUANTITY_MIN));
  const quantity = normalizeQuantity(text, max);
  const canBuy = state.kind === 'available';

  function setQuantity(next: number) {
    setText(String(Math.min(max, Math.max(CART_QUANTITY_MIN, next))));
  }

  function add() {
    setText(String(quantity));
    addToCart.mutate(
      { productId: product.id, quantity },
      {
        onSuccess: () =>
          toast({
            title: CART_MESSAGES.added,
            description: CART_MESSAGES.addedDescription(quantity, product.name),
          }),
        onError: (error) =>
          toastFailure(error, CART_MESSAGES.addFailedDetail, {
            signedOut: CART_MESSAGES.detailLoginRequired,
          }),
      },
    );
  }

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="grid gap-1.5">
        <Label
          htmlFor={inputId}
          className="font-mono text-[0.7rem] tracking-widest text-muted-foreground uppercase"
        >
          Quantity
        </Label>
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon"
            aria-label="Decrease quantity"
            disabled={!canBuy || quantity <= CART_QUANTITY_MIN}
            onClick={() => setQuantity(quantity - 1)}
          >
            <Minus aria-hidden="true" />
          </Button>
          <Input
            id={inputId}
            value={text}
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={String(CART_QUANTITY_MAX).length}
            disabled={!canBuy}
            onChange={(event) => setText(event.target.value.replace(/\D/g, ''))}
            onBlur={() => setText(String(quantity))}
            className="w-16 text-center font-mono"
          />
          <Button
            variant="outline"
            size="icon"
            aria-label="Increase quantity"
            disabled={!canBuy || quantity >= max}
            onClick={() => setQuantity(quantity + 1)}
          >
            <Plus aria-hidden="true" />
          </Button>
        </div>
      </div>
      <Button
        size="lg"
        onClick={add}
        // Disabled when signed out, and when the tier or the stock rule it out (as the server would).
        disabled={!canBuy || addToCart.isPending}
        className="sm:flex-1"
      >
        {addToCart.isPending ? (
          <Spinner className="text-primary-foreground" label="Adding to cart" />
        ) : state.kind === 'tier-required' ? (
          <Lock aria-hidden="true" />
        ) : state.kind === 'out-of-stock' ? (
          <Bell aria-hidden="true" />
        ) : (
          <ShoppingCart aria-hidden="true" />
        )}
        {purchaseLabel(state)}
      </Button>
    </div>
  );
}
