import { useParams } from 'wouter';
import { AddToCartForm } from '@/features/cart/components/add-to-cart-form';
import { ProductDetail } from '@/features/catalog/components/product-detail';
import { useUser } from '@/lib/auth';

/** /product/{id}, signed-in users only: the product with the cart's quantity selector. */
export function ProductRoute() {
  const { id = '' } = useParams<{ id: string }>();
  const { data: user = null } = useUser();
  return (
    <ProductDetail
      // A new id is a new page: start again from its own state (tabs, quantity).
      key={id}
      productId={id}
      viewerTier={user?.effectiveTier ?? 0}
      renderPurchase={(product) => <AddToCartForm product={product} user={user} />}
    />
  );
}
