import { useRefreshUser } from '@/app/use-refresh-user';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { useUser } from '@/features/auth/api/get-user';
import { Marketplace } from '@/features/catalog/components/marketplace';
import { UpgradeTierButton } from '@/features/payments/components/upgrade-tier-button';

/**
 * /marketplace (spec 2.8), for everyone: the catalogue with the cart's add button on each card and, for members
 * below the top tier, the shared upgrade dialog (spec 4: upgrades from the marketplace).
 */
export function MarketplaceRoute() {
  const { data: user = null } = useUser();
  const refreshUser = useRefreshUser();
  return (
    <Marketplace
      canOpenProducts={Boolean(user)}
      renderProductAction={(product) => <AddToCartButton product={product} user={user} />}
      headerAction={
        user && <UpgradeTierButton userTier={user.tier} onUpgraded={refreshUser} variant="outline" />
      }
    />
  );
}
