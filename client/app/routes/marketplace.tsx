import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { useUser } from '@/features/auth/api/get-user';
import { Marketplace } from '@/features/catalog/components/marketplace';

/** /marketplace (spec 2.8), for everyone: the catalogue with the cart's add button on each card. */
export function MarketplaceRoute() {
  const { data: user = null } = useUser();
  return (
    <Marketplace
      canOpenProducts={Boolean(user)}
      renderProductAction={(product) => <AddToCartButton product={product} user={user} />}
    />
  );
}
